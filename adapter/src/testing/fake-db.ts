/**
 * Test helper: a pool whose one client only records the statements sent to it, so that the real
 * `transaction` (db/pool.ts) runs around a service while its SQL module is faked. `statements()`
 * answers what reached the client: 'begin', then 'commit' or 'rollback'.
 */
import { vi } from 'vitest';
import type { Db, DbClient } from '../db/pool.ts';

export function fakeDb(): { db: Db; client: DbClient; statements: () => string[] } {
  const query = vi.fn(async () => ({ rows: [], rowCount: 0 }));
  const client = { query, release: vi.fn() } as unknown as DbClient;
  const db = { connect: vi.fn(async () => client), query } as unknown as Db;
  const statements = () => query.mock.calls.map((call: unknown[]) => String(call[0]));
  return { db, client, statements };
}
