/**
 * The PostgreSQL pool. A client that loses its server emits 'error'; an event nobody listens to
 * is an uncaught exception, and the pool listens only while a client is idle. So every client
 * gets a listener of its own when it connects: a job holding one checked out (an advisory lock
 * through a long pass, a transaction) sees its next query fail, and the pool drops the client when
 * it comes back. While the server is down queries fail fast and answer 503; when it returns, new
 * connections succeed and nothing needs restarting.
 */
import pg from 'pg';
import type { Config } from '../config.ts';
import { log } from '../log.ts';

export type Db = pg.Pool;
export type DbClient = pg.PoolClient;

// DATE columns come back as 'YYYY-MM-DD' strings, not shifted to midnight in the server's zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// BIGINT counts (sizes, totals) fit in a double for any archive this side of 9 PB.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function createPool(config: Config['pg']): Db {
  const pool = new pg.Pool({
    host: config.host,
    port: config.port,
    user: config.user,
    password: config.password,
    database: config.database,
    max: 20,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    // With the pid, an operator (and the cluster test) sees which replica holds a lock in
    // pg_stat_activity, e.g. the study index's follower.
    application_name: `pacs-adapter ${process.pid}`,
    // No JIT: the list's visibility predicate carries share subplans whose estimated cost (never
    // paid: they run only for shared rows) crosses the JIT thresholds, and compiling them takes
    // seconds per query; measured 6.5 s → 28 ms for a 10,000-row count (docs/decisions.md).
    options: '-c jit=off',
  });
  // The client's own listener logs; the pool re-emits an idle client's error, which needs a listener too.
  pool.on('connect', (client) => client.on('error', (error) => log.warn(`PostgreSQL connection lost: ${error.message}`)));
  pool.on('error', () => undefined);
  return pool;
}

/** Runs `work` in a transaction on one client; rolls back on any error. */
export async function transaction<T>(db: Db, work: (client: DbClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** One round trip: answers when PostgreSQL answers (the health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.query('select 1');
}
