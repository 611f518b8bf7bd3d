/**
 * The adapter's pool when PostgreSQL drops a connection that a job holds checked out (an advisory
 * lock held through a long pass, a transaction): the job's next query fails, the process does not.
 * pg emits 'error' on such a client, and the pool listens only while a client is idle; an event
 * nobody listens to is an uncaught exception, which would end the adapter (CI saw it when the
 * resilience test stopped PostgreSQL during the trash job's pass).
 */
import { afterAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createPool } from '../../adapter/src/db/pool.ts';

const db = createPool(inject('pacsDb'));
afterAll(() => db.end());

async function terminateBackend(pid: number): Promise<void> {
  await db.query('select pg_terminate_backend($1)', [pid]);
}

it('survives the server ending a checked-out idle client, and the pool goes on with a new one', async () => {
  const held = await db.connect();
  const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = rows[0]!.pid;
  const ended = new Promise((resolve) => held.once('end', resolve));
  await terminateBackend(pid);
  await ended;
  await expect(held.query('select 1')).rejects.toThrow();
  held.release();

  const { rows: after } = await db.query<{ pid: number }>('select pg_backend_pid() as pid');
  expect(after[0]!.pid).not.toBe(pid);
});

it('survives the server ending a checked-out client in the middle of its query', async () => {
  const held = await db.connect();
  const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
  const running = held.query('select pg_sleep(30)');
  await terminateBackend(rows[0]!.pid);
  await expect(running).rejects.toThrow(/terminat/);
  // Released with the error: the pool must not hand the dead client out again.
  held.release(true);
  expect((await db.query<{ one: number }>('select 1 as one')).rows[0]!.one).toBe(1);
});
