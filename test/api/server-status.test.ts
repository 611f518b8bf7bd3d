/**
 * Server general (issue 19, spec 3 §3 "Server status", §7): `/server/status` reports the real
 * figures of the data, log and backup folders (the data folder's size as `du` measures it, and
 * it grows by what is written into it), the web server's ports, and who may read it;
 * `/server/update` renames the server after the rule of common/server.ts and is audited.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerStatus } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, anonymous, signIn, type Session } from '../harness/api.ts';
import { createReader } from '../harness/fixtures.ts';

let stack: Stack;
let admin: Session;

beforeAll(async () => {
  stack = await startStack({ env: { BACKUP_DIR: '/nonexistent-pacs-backups/here' } });
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

async function status(session: Session = admin): Promise<ServerStatus> {
  const response = await session.agent.get(`${API}/server/status`).expect(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.body as ServerStatus;
}

/** `du -s -B1`: what the folder takes on disk, as the operating system's own tool counts it. */
function du(path: string): number {
  const run = spawnSync('du', ['-s', '-B1', path], { encoding: 'utf8' });
  return Number(run.stdout.split('\t')[0]);
}

const MIB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /server/status', () => {
  it("reports the data folder's real size and its file system's capacity", async () => {
    const body = await status();
    const main = body.MainFolderStatus;
    expect(main.Path).toBe(stack.dataDir);
    expect(main.Exists).toBe(true);
    // PostgreSQL and Orthanc keep writing: allow a few MiB of drift between the two readings.
    expect(Math.abs(main.Used - du(stack.dataDir))).toBeLessThan(8 * MIB);
    expect(main.Used).toBeGreaterThan(10 * MIB);
    expect(main.Capacity).toBeGreaterThan(main.Used);
    expect(main.Available).toBeLessThanOrEqual(main.Capacity);
    expect(body.LogFolderStatus.Path).toBe(join(stack.dataDir, 'logs'));
  });

  it('follows what is written into the data folder', async () => {
    const before = (await status()).MainFolderStatus.Used;
    writeFileSync(join(stack.dataDir, 'status-probe.bin'), randomBytes(16 * MIB));
    // A small folder's measure is reused for two seconds at most.
    await sleep(2_100);
    const after = (await status()).MainFolderStatus.Used;
    expect(after - before).toBeGreaterThanOrEqual(16 * MIB - MIB);
    expect(after - before).toBeLessThan(24 * MIB);
  });

  it('says a backup folder does not exist yet, with the capacity where it would be made', async () => {
    const [backup] = (await status()).BackupFolderStatuses;
    expect(backup).toMatchObject({ Path: '/nonexistent-pacs-backups/here', Exists: false, Used: 0 });
    expect(backup!.Capacity).toBeGreaterThan(0);
  });

  it('reports the web server, log level, time zone and region', async () => {
    const body = await status();
    expect(body.WebServerStatus).toEqual({
      Port: stack.config.port,
      HTTPUse: true,
      HTTPPort: stack.config.port,
      HTTPSUse: false,
      HTTPSPort: null,
    });
    expect(body.LogLevel).toBe('info');
    expect(body.TimeZone).toMatch(/\w/);
    expect(typeof body.Region).toBe('string');
    expect(Number.isNaN(Date.parse(body.MeasuredAt))).toBe(false);
  });

  it('answers dashboard users and refuses the others', async () => {
    await createReader(admin, {
      id: 'dashuser',
      password: 'dash-pass-1',
      role: { name: 'Dash', permissions: { dashboard: true }, targets: { All: true } },
    });
    await createReader(admin, {
      id: 'listuser',
      password: 'list-pass-1',
      role: { name: 'Lister', permissions: { list: true }, targets: { All: true } },
    });
    await status(await signIn(stack.baseUrl, 'dashuser', 'dash-pass-1'));
    const lister = await signIn(stack.baseUrl, 'listuser', 'list-pass-1');
    expect((await lister.agent.get(`${API}/server/status`)).status).toBe(403);
    expect((await anonymous(stack.baseUrl).get(`${API}/server/status`)).status).toBe(401);
    const renamed = await lister.agent.patch(`${API}/server/update`).set(lister.csrf).type('form').send({ Name: 'x' });
    expect(renamed.status).toBe(403);
  });
});

describe('PATCH /server/update', () => {
  const update = (form: Record<string, string>) => admin.agent.patch(`${API}/server/update`).set(admin.csrf).type('form').send(form);

  it('refuses a bad Name with the catalogue message', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, 'The field is required'],
      [{ Name: '   ' }, 'The field is required'],
      [{ Name: 'x'.repeat(65) }, 'The field must be 64 character(s) or less'],
      [{ Name: 'line\nbreak' }, 'The field is not a valid value'],
      [{ Name: ' padded' }, 'The field is not a valid value'],
    ];
    for (const [form, message] of cases) {
      const response = await update(form);
      expect(response.status, JSON.stringify(form)).toBe(400);
      expect(response.body).toMatchObject({ code: 'validation_failed', message, fields: { Name: message } });
    }
    expect((await status()).Name).toBe('');
  });

  it('renames the server, shows the name in the status and records who did', async () => {
    const response = await update({ Name: 'Radiology archive — east wing' }).expect(200);
    expect(response.body).toEqual({ Name: 'Radiology archive — east wing' });
    expect((await status()).Name).toBe('Radiology archive — east wing');
    await stack.adapter!.deps.audit.flush();
    const rows = await stack.sql<{ account_id: string; details: { Setting: string } }>(
      `select account_id, details from audit_events where action = 'settings_change' and details ->> 'Setting' = 'server_name'`,
    );
    expect(rows).toEqual([expect.objectContaining({ account_id: stack.adminId })]);
  });
});
