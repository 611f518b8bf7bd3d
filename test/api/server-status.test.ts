/**
 * Server general (issue 19, spec 3 §3 "Server status", §7): `/server/status` reports the real
 * figures of the data, log and backup folders (the data folder's size as `du` measures it, and
 * it grows by what is written into it), the web server's ports, and who may read it;
 * `/server/update` renames the server after the rule of common/server.ts and is audited.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
    const written = Date.now();
    // A measure is reused for 20 times as long as the walk took (at least 2 s): wait for a newer one.
    let after = await status();
    await expect
      .poll(
        async () => {
          after = await status();
          return Date.parse(after.MeasuredAt) >= written;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
    const grown = after.MainFolderStatus.Used - before;
    expect(grown).toBeGreaterThanOrEqual(16 * MIB - MIB);
    expect(grown).toBeLessThan(24 * MIB);
  }, 90_000);

  it('says a backup folder does not exist yet, with the capacity where it would be made', async () => {
    const [backup] = (await status()).BackupFolderStatuses;
    expect(backup).toMatchObject({ Path: '/nonexistent-pacs-backups/here', Exists: false, Used: 0 });
    expect(backup!.Capacity).toBeGreaterThan(0);
  });

  it('reports the web server, log level, time zone, region and default character set', async () => {
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
    // Spec 3 §3: DefaultSpecificCharacterSets{Name, list}, the term in force and the choices.
    expect(body.DefaultSpecificCharacterSets.Name).toBe('ISO_IR 192');
    expect(body.DefaultSpecificCharacterSets.list).toContainEqual({ Name: 'ISO_IR 144', label: 'Cyrillic' });
    await admin.agent
      .patch(`${API}/defaultspecificcharactersetssettings/update`)
      .set(admin.csrf)
      .type('form')
      .send({ Name: 'ISO_IR 144' })
      .expect(200);
    try {
      expect((await status()).DefaultSpecificCharacterSets.Name).toBe('ISO_IR 144');
    } finally {
      await admin.agent
        .patch(`${API}/defaultspecificcharactersetssettings/update`)
        .set(admin.csrf)
        .type('form')
        .send({ Name: 'ISO_IR 192' })
        .expect(200);
    }
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

describe('GET /files/{log}?date=', () => {
  const day = (session: Session, name: string, date: string) => session.agent.get(`${API}/files/${name}`).query({ date });

  it("answers the lines a log wrote that day, a dated line's continuation with it", async () => {
    const logs = join(stack.dataDir, 'logs');
    mkdirSync(logs, { recursive: true });
    writeFileSync(
      join(logs, 'adapter.log'),
      [
        '2026-11-25T23:59:59.000Z INFO  before midnight',
        '2026-11-26T00:00:01.000Z ERROR something failed',
        '    at stack (frame.ts:1:1)',
        '2026-11-26T10:00:00.000Z INFO  later that day',
        '2026-11-27T00:00:00.000Z INFO  next day',
        '',
      ].join('\n'),
    );
    const response = await day(admin, 'adapter.log', '2026-11-26').expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toBe(
      '2026-11-26T00:00:01.000Z ERROR something failed\n    at stack (frame.ts:1:1)\n2026-11-26T10:00:00.000Z INFO  later that day\n',
    );
    expect((await day(admin, 'adapter.log', '2026-11-20').expect(200)).text).toBe('');
  });

  it("reads Orthanc's and PostgreSQL's own logs in their own date formats", async () => {
    // The harness keeps these two beside the data folder; npm start writes them into logs/.
    for (const name of ['orthanc.log', 'postgres.log']) copyFileSync(join(stack.dataDir, name), join(stack.dataDir, 'logs', name));
    const orthancLine = readFileSync(join(stack.dataDir, 'logs', 'orthanc.log'), 'utf8')
      .split('\n')
      .find((line) => /^[IWEF]\d{4} /.test(line))!;
    const today = new Date().toISOString().slice(0, 10);
    const orthanc = await day(admin, 'orthanc.log', `${today.slice(0, 5)}${orthancLine.slice(1, 3)}-${orthancLine.slice(3, 5)}`).expect(
      200,
    );
    expect(orthanc.text).toContain(orthancLine);
    const postgresLine = readFileSync(join(stack.dataDir, 'logs', 'postgres.log'), 'utf8')
      .split('\n')
      .find((line) => /^\d{4}-\d{2}-\d{2} /.test(line))!;
    const postgres = await day(admin, 'postgres.log', postgresLine.slice(0, 10)).expect(200);
    expect(postgres.text).toContain(postgresLine);
  });

  it('refuses a bad date, names no other file, and is for administrators only', async () => {
    for (const date of ['', '2026-13-01', '20261126', '../../etc']) {
      const response = await day(admin, 'adapter.log', date);
      expect(response.status, date).toBe(400);
      expect(response.body.fields).toEqual({ date: 'The field is not a valid value' });
    }
    expect((await day(admin, 'nginx.log', '2026-11-26')).status).toBe(404);
    expect((await day(admin, '..%2Fsecrets.json', '2026-11-26')).status).toBe(404);
    expect((await day(admin, 'secrets.json', '2026-11-26')).status).toBe(404);
    const dash = await signIn(stack.baseUrl, 'dashuser', 'dash-pass-1');
    expect((await day(dash, 'adapter.log', '2026-11-26')).status).toBe(403);
  });
});
