/**
 * DICOM associations read from Orthanc's log (issue 20), against a real Orthanc started with
 * --verbose-dicom and real dcmtk peers: echoscu from one AE title twice, storescu from another
 * once and an echo from an unknown AE title refused (anonymous users off) give exact counts
 * today, accepted and rejected, in the statistics and the dashboard; an association held open
 * (test/harness/dicom-association.ts) is listed live with its AE title, address and start, and
 * leaves the list once released; moved to known days, the day, month and year rows are exact;
 * an administrator limited to an AE title counts only it; bad queries answer 400.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type AssociationStatisticsRow, type Dashboard, type DicomConnectionState, type Provider } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy } from '../harness/dicom.ts';
import { createReader } from '../harness/fixtures.ts';
import { holdAssociation } from '../harness/dicom-association.ts';

let stack: Stack;
let admin: Session;
let dir: string;
let today: string;

const get = async <T>(session: Session, path: string, query: Record<string, string> = {}): Promise<T> =>
  (await session.agent.get(`${API}${path}`).query(query).expect(200)).body as T;

/** Polls `read` until `done` holds (the follower reads Orthanc's log every second). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function echo(callingAet: string): number | null {
  return spawnSync('echoscu', ['-aet', callingAet, '-aec', stack.config.dicomAet, '127.0.0.1', String(stack.config.dicomPort)]).status;
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
  const provider = (await get<Provider[]>(admin, '/providers/all'))[0]!;
  await admin.agent
    .patch(`${API}/providers/update`)
    .set(admin.csrf)
    .type('form')
    .send({
      No: String(provider.No),
      Name: provider.Name,
      AETitle: provider.AETitle,
      Port: String(provider.Port),
      AllowAnonymousUsers: 'false',
    })
    .expect(200);
  today = (await get<{ Today: string }>(admin, '/statistics/info')).Today;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('associations today', () => {
  it('counts each association by calling AE title, accepted and rejected', async () => {
    expect(echo('ECHO_A')).toBe(0);
    expect(echo('ECHO_A')).toBe(0);
    const file = join(dir, 'b.dcm');
    writeFileSync(file, tinyStudy({ seed: 'assoc-b', patientName: 'Assoc^B', patientId: 'AS-B' }));
    expect(storeFiles([file], { port: stack.config.dicomPort, callingAet: 'STORE_B' }).failed).toEqual([]);
    expect(echo('STRANGER')).not.toBe(0);

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
