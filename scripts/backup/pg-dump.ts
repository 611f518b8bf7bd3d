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
 * The cluster's databases worth keeping, `first` (the product's) first: every one but the
 * templates and `postgres`, so that a database added later (Orthanc's index, when it moves into
 * PostgreSQL) is backed up without a change here.
 */
export async function listDatabases(server: PgServer, first: string): Promise<string[]> {
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
      `select datname from pg_database where not datistemplate and datname <> 'postgres' order by datname <> $1, datname`,
      [first],
    );
    return rows.map((row) => row.datname);
  } finally {
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
