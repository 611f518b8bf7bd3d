/**
 * The audit log's storage against a real PostgreSQL (issue 19): append-only (the trigger refuses
 * UPDATE, DELETE and TRUNCATE), one chain even when two adapter replicas write at once, the check
 * (`npm run audit:verify` and /events/verify) names the first record edited behind the trigger's
 * back, and the retention cuts the chain's start without breaking it.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditChainReport } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { AuditLog } from '../../adapter/src/features/audit/audit-log.ts';
import { verifyChain } from '../../adapter/src/features/audit/audit.service.ts';

let stack: Stack;
let admin: Session;

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

function cli(): { status: number | null; out: string } {
  const { pg: db } = stack.config;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'adapter/src/features/audit/verify.ts'], {
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: stack.dataDir,
      PG_HOST: db.host,
      PG_PORT: String(db.port),
      PG_USER: db.user,
      PG_PASSWORD: db.password,
      PG_DATABASE: db.database,
      ORTHANC_PASSWORD: 'unused',
    },
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

async function check(): Promise<AuditChainReport> {
  const response = await admin.agent.get(`${API}/events/verify`);
  expect(response.status).toBe(200);
  return response.body as AuditChainReport;
}

describe('audit log storage', () => {
  it('keeps one chain when two replicas write at once', async () => {
    const pools = [new pg.Pool({ ...stack.config.pg, max: 4 }), new pg.Pool({ ...stack.config.pg, max: 4 })];
    try {
      // flushMs 0: each replica flushes as soon as it can, so their appends interleave.
      const replicas = pools.map((pool) => new AuditLog(pool, { flushMs: 0 }));
      await stack.adapter!.deps.audit.flush();
      const before = (await stack.sql<{ n: number }>('select count(*)::int as n from audit_events'))[0]!.n;
      await Promise.all(
        replicas.map(async (replica, r) => {
          for (let i = 0; i < 200; i++) {
            replica.recordFrom(`10.0.0.${r + 1}`, { accountId: `replica-${r}` }, { action: 'settings_change', details: { i } });
            if (i % 10 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
          }
          await replica.flush();
        }),
      );
      const after = (await stack.sql<{ n: number }>('select count(*)::int as n from audit_events'))[0]!.n;
      expect(after - before).toBe(400);
      const ids = await stack.sql<{ id: number }>('select id from audit_events order by id');
      expect(ids.map((row) => Number(row.id))).toEqual(ids.map((_, index) => index + 1));
      const report = await check();
      expect(report).toMatchObject({ Ok: true, FirstBroken: null });
      expect(report.Checked).toBe(after);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it('writes a record holding a lone surrogate (a hostile id typed at sign-in) and goes on', async () => {
    const writer = stack.adapter!.deps.audit;
    writer.recordFrom(
      '10.0.0.9',
      { accountId: 'bad\ud800id' },
      { action: 'sign_in', outcome: 'failure', details: { ['k\udfff']: 'v\ud800' } },
    );
    writer.recordFrom('10.0.0.9', { accountId: 'next' }, { action: 'sign_in' });
    await writer.flush();
    const rows = await stack.sql<{ account_id: string; details: object }>(
      "select account_id, details from audit_events where ip = '10.0.0.9' order by id",
    );
    expect(rows).toEqual([
      { account_id: 'bad\ufffdid', details: { ['k\ufffd']: 'v\ufffd' } },
      { account_id: 'next', details: {} },
    ]);
    expect(await check()).toMatchObject({ Ok: true });
  });

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(stack.sql("update audit_events set ip = '6.6.6.6' where id = 2")).rejects.toThrow(/append-only/);
    await expect(stack.sql('delete from audit_events where id = 2')).rejects.toThrow(/append-only/);
    await expect(stack.sql('truncate audit_events')).rejects.toThrow(/append-only/);
    await expect(stack.sql("select set_config('pacs.audit_prune_below', '1', false)")).resolves.toBeDefined();
  });

  it('names the first record edited by a superuser bypassing the trigger, in the command and the API', async () => {
    expect(cli()).toMatchObject({ status: 0, out: expect.stringMatching(/chain holds: \d+ record\(s\) checked/) });
    const client = new pg.Client(stack.config.pg);
    await client.connect();
    try {
      await client.query('set session_replication_role = replica');
      const [{ ip }] = (await client.query<{ ip: string }>('select ip from audit_events where id = 7')).rows as [{ ip: string }];
      await client.query("update audit_events set ip = '192.0.2.66' where id = 7");
      const broken = await verifyChain(stack.adapter!.deps.db);
      expect(broken).toMatchObject({ Ok: false, FirstBroken: 7, Problem: 'The record was changed after it was written.' });
      expect(await check()).toMatchObject({ Ok: false, FirstBroken: 7 });
      const run = cli();
      expect(run.status).toBe(1);
      expect(run.out).toContain('BROKEN at record 7');

      // A record removed from the middle: the next one no longer follows.
      await client.query('update audit_events set ip = $1 where id = 7', [ip]);
      await client.query('delete from audit_events where id = 12');
      expect(await check()).toMatchObject({ Ok: false, FirstBroken: 13, Problem: 'Record 12 is missing.' });
    } finally {
      await client.query('set session_replication_role = origin').catch(() => undefined);
      await client.end();
    }
  });

  it('cuts the start of the chain for the retention and still verifies', async () => {
    // The record removed above cannot come back: start from an empty log (as the superuser).
    const client = new pg.Client(stack.config.pg);
    await client.connect();
    await client.query('set session_replication_role = replica');
    await client.query('delete from audit_events');
    await client.end();
    const writer = stack.adapter!.deps.audit;
    for (let i = 0; i < 5; i++) writer.recordFrom('10.1.1.1', { accountId: 'old' }, { action: 'settings_change' });
    await writer.flush();
    const cutAt = new Date(Date.now() + 1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (let i = 0; i < 3; i++) writer.recordFrom('10.1.1.1', { accountId: 'new' }, { action: 'settings_change' });
    await writer.flush();
    expect(await writer.prune(cutAt)).toBe(5);
    const rows = await stack.sql<{ id: number; action: string; account_id: string | null }>(
      'select id, action, account_id from audit_events order by id',
    );
    expect(rows.map((row) => [Number(row.id), row.action, row.account_id])).toEqual([
      [6, 'settings_change', 'new'],
      [7, 'settings_change', 'new'],
      [8, 'settings_change', 'new'],
      [9, 'audit_prune', null],
    ]);
    expect(await check()).toMatchObject({ Ok: true, Checked: 4 });
    // Pruning everything still leaves a chain that continues.
    expect(await writer.prune(new Date(Date.now() + 60_000))).toBe(4);
    writer.recordFrom('10.1.1.1', { accountId: 'after' }, { action: 'settings_change' });
    await writer.flush();
    expect(await check()).toMatchObject({ Ok: true, Checked: 2 });
  });
});
