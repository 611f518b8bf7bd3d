/**
 * Database tests (CONVENTIONS §8, graphile's helpers.ts): one private PostgreSQL for the whole `db`
 * project, migrated once by the adapter's own runner, and every test body inside BEGIN … ROLLBACK
 * on one connection, so tests share the schema and never each other's rows.
 *
 * vitest.config.ts names this file as the db project's globalSetup (the default export runs once,
 * in vitest's main process); test files import withRollback and the row helpers. Only the schema
 * is made: no bootstrap seed, so each test inserts exactly the rows it reasons about.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { createPool, type Db, type DbClient } from '../../adapter/src/db/pool.ts';
import { migrate } from '../../adapter/src/db/migrate.ts';
import type { Config } from '../../adapter/src/config.ts';
import { startPostgres } from '../../scripts/services/postgres.ts';
import { freePort } from '../../scripts/services/process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pacsDb: Config['pg'];
  }
}

/** globalSetup: starts and migrates the database; the function returned stops and deletes it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Named like the stacks' folders, so scripts/test.sh's clean-up finds it after a crash too.
  const dataDir = mkdtempSync(join(tmpdir(), 'pacs-test-db-'));
  chmodSync(dataDir, 0o711);
  const pg: Config['pg'] = { host: '127.0.0.1', port: await freePort(), user: 'pacs', password: 'test-pg-password', database: 'pacs' };
  const postgres = await startPostgres({
    dataDir: join(dataDir, 'postgres'),
    port: pg.port,
    user: pg.user,
    password: pg.password,
    database: pg.database,
    logFile: join(dataDir, 'postgres.log'),
    ephemeral: true,
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const stop = async () => {
    await postgres.stop().catch(() => undefined);
    if (!process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const db = createPool(pg);
    try {
      await migrate(db);
    } finally {
      await db.end();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('pacsDb', pg);
  return stop;
}

let pool: Db | undefined;

/**
 * Runs `body` inside BEGIN … ROLLBACK on one connection of the shared database, and rolls back
 * whatever happens. Identity sequences are not transactional: never assert a generated number.
 */
export async function withRollback<T>(body: (client: DbClient) => Promise<T>): Promise<T> {
  pool ??= createPool(inject('pacsDb'));
  const client = await pool.connect();
  try {
    await client.query('begin');
    return await body(client);
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

/** What PostgreSQL said when it refused a statement. */
export interface Refusal {
  /** SQLSTATE: 23505 unique, 23503 foreign key, 23514 check, 23502 not null. */
  code: string;
  constraint: string | undefined;
  column: string | undefined;
}

/**
 * Runs one statement that must be refused, inside a savepoint so the transaction goes on; what
 * PostgreSQL answered. Throws when the statement was accepted.
 */
export async function refusal(client: DbClient, text: string, params: unknown[] = []): Promise<Refusal> {
  await client.query('savepoint refusal');
  try {
    await client.query(text, params);
  } catch (error) {
    await client.query('rollback to savepoint refusal');
    const { code, constraint, column } = error as { code: string; constraint?: string; column?: string };
    return { code, constraint, column };
  }
  await client.query('release savepoint refusal');
  throw new Error(`accepted, but should have been refused: ${text}`);
}

/** Rows the tests build on. Each returns the new row's key. */
export async function insertInstitution(client: DbClient, no: number, name = `Institution ${no}`): Promise<number> {
  await client.query('insert into institutions (no, name) values ($1, $2)', [no, name]);
  return no;
}

export async function insertRole(client: DbClient, institution: number, name: string): Promise<number> {
  const { rows } = await client.query<{ no: number }>('insert into roles (institution, name) values ($1, $2) returning no', [
    institution,
    name,
  ]);
  return rows[0]!.no;
}

export async function insertAccount(client: DbClient, id: string, role: number): Promise<string> {
  await client.query(`insert into accounts (id, password_hash, role) values ($1, 'not-a-hash', $2)`, [id, role]);
  return id;
}

/** A study row as the index would write it; `seed` makes its Orthanc id and UID. */
export async function insertStudy(client: DbClient, seed: string, columns: { patientId?: string; uid?: string } = {}): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `insert into studies (orthanc_id, study_instance_uid, patient_id, patient_name) values ($1, $2, $3, $4) returning id`,
    [`orthanc-${seed}`, columns.uid ?? `2.25.${seed}`, columns.patientId ?? `P-${seed}`, `Patient^${seed}`],
  );
  return rows[0]!.id;
}

/** How many rows `text` (a select count) finds. */
export async function count(client: DbClient, text: string, params: unknown[] = []): Promise<number> {
  const { rows } = await client.query<{ n: number }>(text, params);
  return Number(rows[0]!.n);
}
