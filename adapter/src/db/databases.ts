/**
 * The databases of the product's PostgreSQL cluster beside its own (PG_DATABASE): Orthanc's index.
 * `npm start` creates them when it starts the cluster (scripts/services/postgres.ts); Docker
 * Compose's `prepare` step does it before Orthanc starts (prepare-databases.ts).
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

/** Creates each named database that does not exist yet; answers the ones it created. */
export async function createMissingDatabases(server: PgServer, names: readonly string[]): Promise<string[]> {
  const admin = new pg.Client({ ...server, database: 'postgres', connectionTimeoutMillis: 5000 });
  await admin.connect();
  const created: string[] = [];
  try {
    for (const name of names) {
      if (!/^[\w-]{1,63}$/.test(name)) throw new Error(`Not a database name the product creates: ${JSON.stringify(name)}`);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount !== 0) continue;
      try {
        await admin.query(`create database "${name}"`);
        created.push(name);
      } catch (error) {
        // 42P04: created meanwhile by another starter (two compose replicas of `prepare`).
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await admin.end().catch(() => undefined);
  }
  return created;
}
