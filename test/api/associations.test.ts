/**
 * DICOM associations read from Orthanc's log (issue 20), against a real Orthanc started with
 * --verbose-dicom and real dcmtk peers: echoscu from one AE title twice, storescu from another
 * once and an echo from an unknown AE title refused (anonymous users off) give exact counts
 * today, accepted and rejected, in the statistics and the dashboard; an association held open
 * (test/harness/dicom-association.ts) is listed live with its AE title, address and start, and
 * leaves the list once released; moved to known days, the day, month and year rows are exact;
 * an administrator limited to an AE title counts only it; bad queries answer 400. Two followers
 * of one log file (two replicas) count each line once, a new one resumes at the cursor and a
 * rotated file is read from its start; Orthanc's DICOM log level lowered by hand is set back.
 */
import { appendFileSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type AssociationStatisticsRow, type Dashboard, type DicomConnectionState } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { runTool, storeFiles, tinyStudy } from '../harness/dicom.ts';
import { createReader } from '../harness/fixtures.ts';
import { holdAssociation } from '../harness/dicom-association.ts';
import { setAnonymousUsers, until } from '../harness/network.ts';
import pg from 'pg';
import { AssociationFollower } from '../../adapter/src/features/network/association-follower.ts';
import { syncDicomLogLevel } from '../../adapter/src/features/network/dicom-log-level.ts';

let stack: Stack;
let admin: Session;
let dir: string;
let today: string;

const get = async <T>(session: Session, path: string, query: Record<string, string> = {}): Promise<T> =>
  (await session.agent.get(`${API}${path}`).query(query).expect(200)).body as T;

async function echo(callingAet: string): Promise<number | null> {
  return (await runTool('echoscu', ['-aet', callingAet, '-aec', stack.config.dicomAet, '127.0.0.1', String(stack.config.dicomPort)]))
    .status;
}

const byAe = (row: AssociationStatisticsRow | undefined) =>
  Object.fromEntries((row?.AETitles ?? []).map((each) => [each.AETitle, [each.Accepted, each.Rejected]]));

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  dir = mkdtempSync(join(tmpdir(), 'pacs-associations-'));
  for (const ae of ['ECHO_A', 'STORE_B']) {
    await admin.agent
      .post(`${API}/users/create`)
      .set(admin.csrf)
      .type('form')
      .send({ Provider: '1', Name: ae, AETitle: ae, IPAddress: '127.0.0.1', Port: '104' })
      .expect(200);
  }
  // Anonymous users off: an AE title the archive does not know is refused at association.
  await setAnonymousUsers(admin, false);
  today = (await get<{ Today: string }>(admin, '/statistics/info')).Today;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('associations today', () => {
  it('counts each association by calling AE title, accepted and rejected', async () => {
    expect(await echo('ECHO_A')).toBe(0);
    expect(await echo('ECHO_A')).toBe(0);
    const file = join(dir, 'b.dcm');
    writeFileSync(file, tinyStudy({ seed: 'assoc-b', patientName: 'Assoc^B', patientId: 'AS-B' }));
    expect((await storeFiles([file], { port: stack.config.dicomPort, callingAet: 'STORE_B' })).failed).toEqual([]);
    expect(await echo('STRANGER')).not.toBe(0);

    const query = { unit: 'day', startdate: today, enddate: today };
    const [row] = await until(
      () => get<AssociationStatisticsRow[]>(admin, '/dicomconnections/statistics', query),
      (rows) => rows[0]?.Count === 4,
      'four associations today',
    );
    expect(row).toMatchObject({ Date: today, Count: 4, Accepted: 3, Rejected: 1, Peak: 1 });
    expect(byAe(row)).toEqual({ ECHO_A: [2, 0], STORE_B: [1, 0], STRANGER: [0, 1] });

    const dashboard = await get<Dashboard>(admin, '/dashboard');
    expect(dashboard.AssociationsByAETitle.map((each) => [each.AETitle, each.Accepted, each.Rejected])).toEqual([
      ['ECHO_A', 2, 0],
      ['STORE_B', 1, 0],
      ['STRANGER', 0, 1],
    ]);
    expect(dashboard.DicomConnections).toEqual([]);
  });

  it('lists an association held open with its AE title, address and start, until it is released', async () => {
    const before = Date.now();
    const held = await holdAssociation(stack.config.dicomPort, 'ECHO_A', stack.config.dicomAet);
    expect(held.answer).toBe(0x02);
    try {
      const dashboard = await until(
        () => get<Dashboard>(admin, '/dashboard'),
        (d) => d.DicomConnections.length === 1,
        'one live association',
      );
      const [live] = dashboard.DicomConnections;
      expect(live).toMatchObject({ AETitle: 'ECHO_A', RemoteAddress: '127.0.0.1' });
      // glog's time has microseconds; the test's clock and Orthanc's agree within a second.
      expect(Math.abs(Date.parse(live!.Since) - before)).toBeLessThan(2000);
      const state = await get<DicomConnectionState>(admin, '/dicomconnections/state');
      expect(state.Associations).toEqual(dashboard.DicomConnections);
      expect(state.Users.find((user) => user.AETitle === 'ECHO_A')?.Connected).toBe(true);
      expect(state.Users.find((user) => user.AETitle === 'STORE_B')?.Connected).toBe(false);
    } finally {
      await held.release();
    }
    await until(
      () => get<Dashboard>(admin, '/dashboard'),
      (d) => d.DicomConnections.length === 0,
      'no live association after the release',
    );
    const [row] = await get<AssociationStatisticsRow[]>(admin, '/dicomconnections/statistics', {
      unit: 'day',
      startdate: today,
      enddate: today,
    });
    expect(byAe(row).ECHO_A).toEqual([3, 0]);
  });
});

describe('associations on known days', () => {
  it('gives exact day, month and year rows, running totals and an AE-limited administrator’s share', async () => {
    // Today's facts, moved: ECHO_A and STRANGER to 10 March 2025, STORE_B to 2 April 2025.
    await stack.sql(`
      with moved as (delete from statistics_associations returning *)
      insert into statistics_associations (bucket, ae_title, accepted, rejected, peak)
      select case when ae_title = 'STORE_B' then timestamptz '2025-04-02 09:00Z' else timestamptz '2025-03-10 12:00Z' end,
             ae_title, sum(accepted), sum(rejected), max(peak)
        from moved group by 1, 2`);
    await stack.sql(`
      with moved as (delete from statistics_association_peaks returning *)
      insert into statistics_association_peaks (bucket, peak) values ('2025-03-10 12:00Z', 2), ('2025-04-02 09:00Z', 1)`);

    const days = await get<AssociationStatisticsRow[]>(admin, '/dicomconnections/statistics', {
      unit: 'day',
      startdate: '2025-03-09',
      enddate: '2025-03-11',
    });
    expect(days.map((row) => [row.Date, row.Count, row.Accepted, row.Rejected, row.Peak])).toEqual([
      ['2025-03-09', 0, 0, 0, 0],
      ['2025-03-10', 4, 3, 1, 2],
      ['2025-03-11', 0, 0, 0, 0],
    ]);
    expect(byAe(days[1])).toEqual({ ECHO_A: [3, 0], STRANGER: [0, 1] });

    const months = await get<AssociationStatisticsRow[]>(admin, '/dicomconnections/statistics', {
      unit: 'month',
      startdate: '2025-03-01',
      enddate: '2025-04-30',
    });
    expect(months.map((row) => [row.Date, row.Count, row.Accepted, row.Rejected])).toEqual([
      ['2025-03', 4, 3, 1],
      ['2025-04', 1, 1, 0],
    ]);
    const running = await get<AssociationStatisticsRow[]>(admin, '/dicomconnections/statistics', {
      unit: 'month',
      startdate: '2025-03-01',
      enddate: '2025-04-30',
      sum: 'true',
    });
    expect(running.map((row) => [row.Date, row.Count, row.Peak])).toEqual([
      ['2025-03', 4, 2],
      ['2025-04', 5, 1],
    ]);
    expect(byAe(running[1])).toEqual({ ECHO_A: [3, 0], STRANGER: [0, 1], STORE_B: [1, 0] });
    const years = await get<AssociationStatisticsRow[]>(admin, '/dicomconnections/statistics', {
      unit: 'year',
      startdate: '2025-01-01',
      enddate: '2025-12-31',
    });
    expect(years.map((row) => [row.Date, row.Count, row.Accepted, row.Rejected, row.Peak])).toEqual([['2025', 5, 4, 1, 2]]);

    // Limited by AE title: only its associations, and its own peak; limited by institution: none
    // (an association carries no institution).
    await createReader(admin, {
      id: 'echoadmin',
      password: 'echo-pass-1',
      role: { name: 'Echo admins', permissions: { admin: true, statistics: true, dashboard: true }, targets: { AETitle: ['ECHO_A'] } },
    });
    await createReader(admin, {
      id: 'northadmin',
      password: 'north-pass-1',
      role: {
        name: 'North admins',
        permissions: { admin: true, statistics: true, dashboard: true },
        targets: { InstitutionName: ['North'] },
      },
    });
    const echoAdmin = await signIn(stack.baseUrl, 'echoadmin', 'echo-pass-1');
    const north = await signIn(stack.baseUrl, 'northadmin', 'north-pass-1');
    const query = { unit: 'year', startdate: '2025-01-01', enddate: '2025-12-31' };
    const [mine] = await get<AssociationStatisticsRow[]>(echoAdmin, '/dicomconnections/statistics', query);
    expect(mine).toMatchObject({ Count: 3, Accepted: 3, Rejected: 0, Peak: 1 });
    expect(byAe(mine)).toEqual({ ECHO_A: [3, 0] });
    const [none] = await get<AssociationStatisticsRow[]>(north, '/dicomconnections/statistics', query);
    expect(none).toMatchObject({ Count: 0, Peak: 0, AETitles: [] });
  });

  it('answers 400 with the field for a bad query', async () => {
    const bad = async (query: Record<string, string>) =>
      (await admin.agent.get(`${API}/dicomconnections/statistics`).query(query).expect(400)).body as { fields: Record<string, string> };
    expect((await bad({ unit: 'week' })).fields).toHaveProperty('unit');
    expect(JSON.stringify(await bad({ startdate: '2025-02-30' }))).toContain(MESSAGES.invalid);
  });
});

/** Orthanc's own lines (glog, local time now) for an association from `ae` accepted or refused. */
function logLines(ae: string, outcome: 'accepted' | 'refused'): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  const stamp = `${two(now.getMonth() + 1)}${two(now.getDate())} ${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}.000000`;
  const received = `I${stamp} CommandDispatcher.cpp:333] (dicom) Association Received from AET ${ae} on IP 10.1.2.3\n`;
  if (outcome === 'refused')
    return `${received}W${stamp} CommandDispatcher.cpp:617] Rejected association for remote AET ${ae} on IP 10.1.2.3\n`;
  return (
    received +
    `I${stamp} CommandDispatcher.cpp:664] (dicom) Association Acknowledged (Max Send PDV: 16372) to AET ${ae} on IP 10.1.2.3\n` +
    `I${stamp} CommandDispatcher.cpp:937] (dicom) Association Release with AET ${ae} on IP 10.1.2.3\n`
  );
}

describe('following Orthanc’s log', () => {
  it('counts each line once with two replicas, resumes at the cursor after a restart and reads a rotated file from its start', async () => {
    const file = join(dir, 'orthanc-replicas.log');
    writeFileSync(file, `W1126 10:00:00.000000 main.cpp:1] before this feature\n${logLines('REPLICA_OLD', 'accepted')}`);
    const pool = new pg.Pool({ ...stack.config.pg, max: 4 });
    const counts = async () =>
      Object.fromEntries(
        (
          await stack.sql<{ ae_title: string; accepted: string; rejected: string }>(
            `select ae_title, sum(accepted) as accepted, sum(rejected) as rejected from statistics_associations
              where ae_title like 'REPLICA%' group by 1`,
          )
        ).map((row) => [row.ae_title, [Number(row.accepted), Number(row.rejected)]]),
      );
    const one = new AssociationFollower(pool, [file]);
    const two = new AssociationFollower(pool, [file]);
    let three: AssociationFollower | undefined;
    try {
      // A file never counted starts at its end: what it held before is not counted.
      await Promise.all([one.poll(), two.poll()]);
      appendFileSync(file, logLines('REPLICA_A', 'accepted') + logLines('REPLICA_A', 'accepted') + logLines('REPLICA_B', 'refused'));
      await Promise.all([one.poll(), two.poll()]);
      await Promise.all([one.poll(), two.poll()]);
      expect(await counts()).toEqual({ REPLICA_A: [2, 0], REPLICA_B: [0, 1] });

      // A restart: the new follower resumes where the cursor is, not at the end nor the start.
      await one.stop();
      appendFileSync(file, logLines('REPLICA_A', 'accepted'));
      three = new AssociationFollower(pool, [file]);
      await three.poll();
      expect(await counts()).toEqual({ REPLICA_A: [3, 0], REPLICA_B: [0, 1] });
      await two.poll();
      expect(await counts()).toEqual({ REPLICA_A: [3, 0], REPLICA_B: [0, 1] });

      // Rotated (renamed away, a new file): the new one from its start, still once.
      renameSync(file, `${file}.1`);
      writeFileSync(file, `W1126 11:00:00.000000 main.cpp:1] a new log\n${logLines('REPLICA_C', 'accepted')}`);
      await Promise.all([two.poll(), three.poll()]);
      expect(await counts()).toEqual({ REPLICA_A: [3, 0], REPLICA_B: [0, 1], REPLICA_C: [1, 0] });
    } finally {
      await Promise.all([one.stop(), two.stop(), three?.stop()]);
      await pool.end();
    }
  });

  it('sets Orthanc’s DICOM log level back to verbose when it was lowered', async () => {
    const { url, user, password } = stack.config.orthanc;
    const headers = { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
    const level = async () => (await (await fetch(`${url}/tools/log-level-dicom`, { headers })).text()).trim();
    expect(await level()).toBe('verbose');
    await fetch(`${url}/tools/log-level-dicom`, { method: 'PUT', body: 'default', headers });
    expect(await level()).toBe('default');
    await syncDicomLogLevel(stack.adapter!.deps);
    expect(await level()).toBe('verbose');
  });
});
