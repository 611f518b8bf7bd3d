/**
 * Statistics against a real Orthanc and PostgreSQL (issue 20): studies of several modalities sent
 * by storescu from two AE titles give exactly their bytes, files and studies today; moved to known
 * days (their index rows' arrival times rewritten, then the real backfill run on empty facts) they
 * give exact sums per day, month and year, running totals and capacity; a deletion in Orthanc
 * gives the deleted-size row; a share and a sign-in appear; an administrator limited to one
 * institution counts only its studies; bad queries answer 400 with the field.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  type ConnectedStatisticsRow,
  type Dashboard,
  type ModalityStatisticsRow,
  type ShareStatisticsRow,
  type SizeStatisticsRow,
  type StatisticsInfo,
  type StatisticsRow,
} from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyInto, tinyStudyUids, type TinyStudy } from '../harness/dicom.ts';
import { createReader, waitForIndexedStudies } from '../harness/fixtures.ts';

let stack: Stack;
let admin: Session;
let north: Session;
let dir: string;
let today: string;
/** Bytes of each study as Orthanc itself stores them (it adds a few bytes to a received file), by UID. */
const size: Record<string, number> = {};

async function orthancStudySize(uid: string): Promise<number> {
  const { url, user, password } = stack.config.orthanc;
  const headers = { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
  const lookup = (await (await fetch(`${url}/tools/lookup`, { method: 'POST', body: uid, headers })).json()) as { ID: string }[];
  const stats = (await (await fetch(`${url}/studies/${lookup[0]!.ID}/statistics`, { headers })).json()) as {
    DicomUncompressedSize: string;
  };
  return Number(stats.DicomUncompressedSize);
}

const A = tinyStudyUids('stats-a');
const B = tinyStudyUids('stats-b');
const C = tinyStudyUids('stats-c');
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

/** Sends files by storescu from `aet`. */
async function send(aet: string, files: { study: TinyStudy; into?: string }[]): Promise<void> {
  const paths = files.map(({ study, into }) => {
    const path = join(dir, `${study.seed}.dcm`);
    writeFileSync(path, into ? tinyStudyInto(study, into) : tinyStudy(study));
    return path;
  });
  const { failed } = await storeFiles(paths, { port: stack.config.dicomPort, callingAet: aet });
  expect(failed).toEqual([]);
}

const get = async <T>(session: Session, path: string, query: Record<string, string> = {}): Promise<T> =>
  (await session.agent.get(`${API}${path}`).query(query).expect(200)).body as T;

beforeAll(async () => {
  stack = await startStack();
  dir = mkdtempSync(join(tmpdir(), 'pacs-stats-'));
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await send('MOD_NORTH', [
    {
      study: { seed: 'stats-a', patientName: 'Stat^A', patientId: 'ST-A', modality: 'CT', institutionName: 'North', studyDate: '20250310' },
    },
    {
      study: { seed: 'stats-c', patientName: 'Stat^C', patientId: 'ST-C', modality: 'CT', institutionName: 'North', studyDate: '20250311' },
    },
    {
      study: {
        seed: 'stats-c-sr',
        patientName: 'Stat^C',
        patientId: 'ST-C',
        modality: 'SR',
        institutionName: 'North',
        studyDate: '20250311',
      },
      into: C.study,
    },
  ]);
  await send('MOD_SOUTH', [
    {
      study: { seed: 'stats-b', patientName: 'Stat^B', patientId: 'ST-B', modality: 'MR', institutionName: 'South', studyDate: '20250310' },
    },
  ]);
  await waitForIndexedStudies(stack, [A.study, B.study]);
  await waitForIndexedStudies(stack, [C.study], 2);
  await createReader(admin, {
    id: 'northadmin',
    password: 'north-pass-1',
    role: {
      name: 'North admins',
      permissions: { admin: true, statistics: true, dashboard: true, list: true },
      targets: { InstitutionName: ['North'] },
    },
  });
  north = await signIn(stack.baseUrl, 'northadmin', 'north-pass-1');
  today = (await get<StatisticsInfo>(admin, '/statistics/info')).Today;
  for (const uid of [A.study, B.study, C.study]) size[uid] = await orthancStudySize(uid);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('today, as things happen', () => {
  it('counts the bytes, files and studies per modality received today', async () => {
    const all = size[A.study]! + size[B.study]! + size[C.study]!;
    const added = await get<SizeStatisticsRow[]>(admin, '/addedsize/statistics', { unit: 'day', startdate: today, enddate: today });
    expect(added).toEqual([{ Date: today, Count: all, Instances: 4 }]);
    const arrivals = await get<ModalityStatisticsRow[]>(admin, '/modalities/statistics', {
      unit: 'day',
      startstudydate: today,
      endstudydate: today,
      basis: 'arrival',
    });
    expect(arrivals.map((row) => [row.Modality, row.Count])).toEqual([
      ['CT', 2],
      ['MR', 1],
      ['SR', 1],
    ]);
    const byStudyDate = await get<ModalityStatisticsRow[]>(admin, '/modalities/statistics', {
      unit: 'day',
      startstudydate: '20250310',
      endstudydate: '20250311',
    });
    expect(byStudyDate.filter((row) => row.Count > 0).map((row) => [row.Date, row.Modality, row.Count])).toEqual([
      ['2025-03-10', 'CT', 1],
      ['2025-03-10', 'MR', 1],
      ['2025-03-11', 'CT', 1],
      ['2025-03-11', 'SR', 1],
    ]);
    const dashboard = await get<Dashboard>(admin, '/dashboard');
    expect(dashboard.ArrivalsByAETitle.map((row) => [row.Key, row.Instances])).toEqual([
      ['MOD_NORTH', 3],
      ['MOD_SOUTH', 1],
    ]);
    expect(dashboard.LastStudies).toHaveLength(3);
    expect(dashboard.Server.HeldBytes).toBe(all);
  });

  it('counts for an administrator limited to one institution only what it sees', async () => {
    const northBytes = size[A.study]! + size[C.study]!;
    const added = await get<SizeStatisticsRow[]>(north, '/addedsize/statistics', { unit: 'day', startdate: today, enddate: today });
    expect(added).toEqual([{ Date: today, Count: northBytes, Instances: 3 }]);
    const arrivals = await get<ModalityStatisticsRow[]>(north, '/modalities/statistics', { unit: 'year', basis: 'arrival' });
    expect(arrivals.filter((row) => row.Count > 0).map((row) => [row.Modality, row.Count])).toEqual([
      ['CT', 2],
      ['SR', 1],
    ]);
    const dashboard = await get<Dashboard>(north, '/dashboard');
    expect(dashboard.ArrivalsByAETitle.map((row) => row.Key)).toEqual(['MOD_NORTH']);
    expect(dashboard.LastStudies.map((study) => study.StudyInstanceUID).sort()).toEqual([A.study, C.study].sort());
    expect((await get<StatisticsInfo>(north, '/statistics/info')).Limited).toBe(true);
  });

  it('shows a share and the sign-ins in their series', async () => {
    await admin.agent
      .post(`${API}/sharestudies/create`)
      .set(admin.csrf)
      .type('form')
      .send({ uid: A.study, ExpiresAt: tomorrow })
      .expect(200);
    const shares = await get<ShareStatisticsRow[]>(admin, '/share/statistics', { unit: 'day', startdate: today, enddate: today });
    expect(shares).toEqual([{ Date: today, Count: 1, Study: 1, Patient: 0 }]);
    const connected = await get<ConnectedStatisticsRow[]>(admin, '/connected/statistics', {
      unit: 'day',
      startdate: today,
      enddate: today,
    });
    expect(connected).toEqual([{ Date: today, Count: 2, Accounts: 2 }]);
  });

  it('answers the CXR AI counter with 0 and today', async () => {
    expect(await get(admin, '/cxrai/count')).toEqual({ Count: 0, Date: today });
  });
});

describe('known days', () => {
  it('sums exactly per day, month and year, with running totals and capacity, after the backfill', async () => {
    // The facts so far are today's. Move the studies to known arrival times in their index rows
    // and count again from scratch through the same backfill the migration ran.
    const when: Record<string, string> = {
      [A.study]: '2024-12-31T12:00:00Z',
      [B.study]: '2025-01-15T12:00:00Z',
      [C.study]: '2025-02-20T12:00:00Z',
    };
    for (const [uid, at] of Object.entries(when)) {
      await stack.sql(
        `update instances set created_at = $2 where series_id in (select s.id from series s join studies st on st.id = s.study_id where st.study_instance_uid = $1)`,
        [uid, at],
      );
      await stack.sql(`update series set created_at = $2 where study_id = (select id from studies where study_instance_uid = $1)`, [
        uid,
        at,
      ]);
    }
    await stack.sql('delete from statistics_data; delete from statistics_study_dates; delete from statistics_shares');
    await stack.sql('select statistics_backfill()');
    const [a, b, c] = [size[A.study]!, size[B.study]!, size[C.study]!];

    const days = await get<SizeStatisticsRow[]>(admin, '/addedsize/statistics', {
      unit: 'day',
      startdate: '2024-12-31',
      enddate: '2025-01-02',
    });
    expect(days).toEqual([
      { Date: '2024-12-31', Count: a, Instances: 1 },
      { Date: '2025-01-01', Count: 0, Instances: 0 },
      { Date: '2025-01-02', Count: 0, Instances: 0 },
    ]);
    const months = await get<SizeStatisticsRow[]>(admin, '/addedsize/statistics', {
      unit: 'month',
      startdate: '20241201',
      enddate: '20250331',
    });
    expect(months.map((row) => [row.Date, row.Count])).toEqual([
      ['2024-12', a],
      ['2025-01', b],
      ['2025-02', c],
      ['2025-03', 0],
    ]);
    const running = await get<SizeStatisticsRow[]>(admin, '/addedsize/statistics', {
      unit: 'month',
      startdate: '2024-12-01',
      enddate: '2025-03-31',
      sum: 'true',
    });
    expect(running.map((row) => row.Count)).toEqual([a, a + b, a + b + c, a + b + c]);
    const years = await get<SizeStatisticsRow[]>(admin, '/addedsize/statistics', {
      unit: 'year',
      startdate: '2024-01-01',
      enddate: '2025-12-31',
    });
    expect(years.map((row) => [row.Date, row.Count, row.Instances])).toEqual([
      ['2024', a, 1],
      ['2025', b + c, 3],
    ]);
    const capacity = await get<StatisticsRow[]>(admin, '/capacity/statistics', {
      unit: 'month',
      startdate: '2025-01-01',
      enddate: '2025-02-28',
    });
    expect(capacity).toEqual([
      { Date: '2025-01', Count: a + b },
      { Date: '2025-02', Count: a + b + c },
    ]);
    const info = await get<StatisticsInfo>(admin, '/statistics/info');
    expect(info.Backfill).toMatchObject({ Studies: 3, Instances: 4, Bytes: a + b + c });
  });

  it('gives the deleted-size row when a study is deleted for good', async () => {
    // The product's path: the recycle bin, then a permanent delete from it.
    await admin.agent
      .post(`${API}/studies/delete`)
      .set(admin.csrf)
      .send({ Items: [{ StudyInstanceUID: B.study }] })
      .expect(200);
    await admin.agent.delete(`${API}/trashbox/delete`).query({ id: 'all' }).set(admin.csrf).expect(200);
    expect(await stack.sql('select id from studies where study_instance_uid = $1', [B.study])).toEqual([]);
    const deleted = await get<SizeStatisticsRow[]>(admin, '/deletedsize/statistics', { unit: 'day', startdate: today, enddate: today });
    expect(deleted).toEqual([{ Date: today, Count: size[B.study], Instances: 1 }]);
  });
});

describe('bad queries and access', () => {
  it('answers 400 with the field for an unknown unit, a date the calendar lacks and a reversed range', async () => {
    const bad = async (query: Record<string, string>) =>
      (await admin.agent.get(`${API}/addedsize/statistics`).query(query).expect(400)).body as {
        Message: string;
        Errors?: Record<string, string>;
      };
    expect(JSON.stringify(await bad({ unit: 'week' }))).toContain('unit');
    expect(JSON.stringify(await bad({ startdate: '2025-02-30' }))).toContain('startdate');
    expect(JSON.stringify(await bad({ startdate: '2025-03-02', enddate: '2025-03-01' }))).toContain(MESSAGES.statistics_range_reversed);
    expect(JSON.stringify(await bad({ unit: 'day', startdate: '1990-01-01' }))).toContain(MESSAGES.statistics_range_too_long);
    expect(JSON.stringify(await bad({ sum: 'maybe' }))).toContain('sum');
  });

  it('refuses an account without the statistics permission', async () => {
    await createReader(admin, {
      id: 'plainreader',
      password: 'plain-pass-1',
      role: { name: 'Plain', permissions: { list: true }, targets: { All: true } },
    });
    const reader = await signIn(stack.baseUrl, 'plainreader', 'plain-pass-1');
    await reader.agent.get(`${API}/capacity/statistics`).expect(403);
    await reader.agent.get(`${API}/dashboard`).expect(403);
  });
});
