/**
 * The PostgreSQL part of a backup: pg_dump and pg_restore from Debian's PostgreSQL 15 (the same
 * binaries that run the private cluster, so the versions always match), over the loopback port
 * with the cluster's password.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { postgresBinDir } from '../services/postgres.ts';

const run = promisify(execFile);

export interface PgServer {
  host: string;
  port: number;
  user: string;
  password: string;
}

/**
 * The cluster's databases worth keeping, `first` (the product's) first and `last` (Orthanc's index)
 * last: every one but the templates and `postgres`, so that a database added later is backed up
 * without a change here.
 */
export async function listDatabases(server: PgServer, first: string, last: string): Promise<string[]> {
  const client = new pg.Client({ ...server, database: 'postgres', connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL does not answer on ${server.host}:${server.port} (${error instanceof Error ? error.message : String(error)}). ` +
        'A backup is taken while the PACS runs: start it (npm start) first.',
    );
  }
  try {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where not datistemplate and datname <> 'postgres' order by datname <> $1, datname = $2, datname`,
      [first, last],
    );
    return rows.map((row) => row.datname);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Orthanc's resource levels in its PostgreSQL plugin's schema (resourceType, from 0). */
const LEVELS: Record<string, Attachment['level']> = { '0': 'Patient', '1': 'Study', '2': 'Series', '3': 'Instance' };

export interface Attachment {
  /** Orthanc's id of the resource the file belongs to. */
  resource: string;
  level: 'Patient' | 'Study' | 'Series' | 'Instance';
  uuid: string;
  size: number;
}

/**
 * Dumps Orthanc's index (its database) and answers every storage file that dump refers to, read in
 * the very snapshot pg_dump dumps (an exported snapshot held open by this transaction): the list is
 * exactly the dump's, neither older nor newer, while Orthanc keeps storing and deleting.
 */
export async function dumpOrthancIndex(server: PgServer, database: string, file: string): Promise<Attachment[]> {
  const client = new pg.Client({ ...server, database, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    await tool('pg_dump', server, ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${file}`, database]);
    // An Orthanc that never started on this database has not created its tables yet.
    const { rows: tables } = await client.query<{ found: string | null }>(`select to_regclass('public.attachedfiles')::text as found`);
    if (tables[0]?.found == null) return [];
    const { rows: files } = await client.query<{ resource: string; type: number; uuid: string; size: string }>(
      `select r.publicid as resource, r.resourcetype as type, a.uuid, a.compressedsize::text as size
         from attachedfiles a join resources r on r.internalid = a.id order by a.uuid`,
    );
    return files.map((row) => {
      const level = LEVELS[String(row.type)];
      if (!level) throw new Error(`Orthanc's index names an unknown resource level ${row.type} for ${row.resource}`);
      return { resource: row.resource, level, uuid: row.uuid, size: Number(row.size) };
    });
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

function tool(name: 'pg_dump' | 'pg_restore', server: PgServer, args: string[]) {
  return run(join(postgresBinDir(), name), ['-h', server.host, '-p', String(server.port), '-U', server.user, '--no-password', ...args], {
    env: { ...process.env, PGPASSWORD: server.password },
    maxBuffer: 64 << 20,
  }).catch((error: unknown) => {
    const detail = (error as { stderr?: string }).stderr?.trim() || String(error);
    throw new Error(`${name} failed: ${detail.slice(0, 2000)}`);
  });
}

/** One database, in pg_dump's custom format (compressed; one consistent snapshot of that database). */
export async function dumpDatabase(server: PgServer, database: string, file: string): Promise<void> {
  await tool('pg_dump', server, ['--format=custom', `--file=${file}`, database]);
}

/**
 * Restores a dump into an empty database of a new cluster, in one transaction. Owners and grants
 * are left out: the new cluster's one user (the same name) owns everything, as in the product.
 */
export async function restoreDatabase(server: PgServer, database: string, file: string): Promise<void> {
  await tool('pg_restore', server, [
    '--exit-on-error',
    '--single-transaction',
    '--no-owner',
    '--no-privileges',
    `--dbname=${database}`,
    file,
  ]);
}
