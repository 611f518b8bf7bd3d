/**
 * Numbered SQL migrations (db/migrations/NNN_name.sql), applied at boot in order, each in its own
 * transaction, under a PostgreSQL advisory lock so that several adapter replicas starting at once
 * apply each migration exactly once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './pool.ts';
import { log } from '../log.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const LOCK_KEY = 724_110_001; // any constant shared by all replicas

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 3)), name: file.slice(4, -4), sql: readFileSync(join(dir, file), 'utf8') }));
}

export async function migrate(db: Db, migrations = readMigrations()): Promise<number[]> {
  const client = await db.connect();
  const applied: number[] = [];
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`create table if not exists schema_migrations (
      version integer primary key, name text not null, applied_at timestamptz not null default now())`);
    const { rows } = await client.query<{ version: number }>('select version from schema_migrations');
    const done = new Set(rows.map((row) => row.version));
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      try {
        await client.query('begin');
        await client.query(migration.sql);
        await client.query('insert into schema_migrations (version, name) values ($1, $2)', [migration.version, migration.name]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration.version);
      log.info(`Applied migration ${migration.version}_${migration.name}`);
    }
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return applied;
}
