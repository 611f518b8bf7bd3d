/**
 * The databases of the product's PostgreSQL cluster beside its own (PG_DATABASE): Orthanc's index.
 * `npm start` creates and configures them when it starts the cluster (scripts/services/postgres.ts);
 * Docker Compose's `prepare` step does it before Orthanc starts (prepare.ts).
 */
import pg from 'pg';

/** The database that holds Orthanc's own index (its PostgreSQL plugin creates the tables). */
export const ORTHANC_INDEX_DATABASE = 'orthanc';

export interface PgServer {
  host: string;
  port: number;
  user: string;
  password: string;
}

/**
 * Settings of one database, for every session opened on it (`alter database … set`).
 *
 * Orthanc's index commits without waiting for its WAL to reach the disk: the durability Orthanc
 * has on its own SQLite index (WAL journal, `synchronous=NORMAL`, no flush per commit). A crash of
 * any process loses nothing; a power cut may lose the last fraction of a second of commits (never
 * corrupts): instances whose files were written (Orthanc syncs each file first) but that the
 * index forgets, as with SQLite. It saves a WAL flush per stored instance. The product's own
 * database keeps full durability: accounts, shares and reports are typed once by a person.
 * docs/decisions.md, "Orthanc's index in PostgreSQL", has the figures.
 */
export const DATABASE_SETTINGS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  [ORTHANC_INDEX_DATABASE]: { synchronous_commit: 'off' },
};

/**
 * Creates each named database that does not exist yet and gives each its DATABASE_SETTINGS (at
 * every start, so that a data folder made before a setting gets it too); answers the ones it created.
 */
export async function ensureDatabases(server: PgServer, names: readonly string[]): Promise<string[]> {
  const admin = new pg.Client({ ...server, database: 'postgres', connectionTimeoutMillis: 5000 });
  // A server that goes away fails the query under way; the client's own 'error' must not end the process.
  admin.on('error', () => undefined);
  await admin.connect();
  const created: string[] = [];
  try {
    for (const name of names) {
      if (!/^[\w-]{1,63}$/.test(name)) throw new Error(`Not a database name the product creates: ${JSON.stringify(name)}`);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount === 0) {
        try {
          await admin.query(`create database "${name}"`);
          created.push(name);
        } catch (error) {
          // 42P04: created meanwhile by another starter (two compose replicas of `prepare`).
          if ((error as { code?: string }).code !== '42P04') throw error;
        }
      }
      for (const [setting, value] of Object.entries(DATABASE_SETTINGS[name] ?? {})) {
        // Names and values are the constants above, never input.
        await admin.query(`alter database "${name}" set ${setting} = '${value}'`);
      }
    }
  } finally {
    await admin.end().catch(() => undefined);
  }
  return created;
}
