/**
 * Auto-delete against a real Orthanc and PostgreSQL (issue 16): by number of studies into the
 * recycle bin, with its history row and Settings; studies with a Draft report or a live share kept;
 * by lifetime once a study's arrival is moved back; by capacity measured from Orthanc, deleted for
 * good at once; the daily run once a day whatever the replicas; who may and what is refused.
 *
 * Eight studies arrive one a day apart (S1 oldest, eight days ago). The daily run stays off
 * (Enabled false) until the last test, so the real scheduler never runs beside the tests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTO_DELETE_DEFAULTS,
  CAPACITY_UNIT_BYTES,
  MESSAGES,
  type AutoDeleteRun,
  type AutoDeleteRunList,
  type AutoDeleteSettings,
  type TrashStudyList,
} from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { orthancStatistics, tinyStudyUids } from '../harness/dicom.ts';
import { createReader, storeTinyStudies } from '../harness/fixtures.ts';
import { checkAutoDelete, localDateHour } from '../../adapter/src/features/autodelete/autodelete.service.ts';
import { siteTimeZone } from '../../adapter/src/db/site.ts';

let stack: Stack;
let admin: Session;
let reader: Session;

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `autodel-${n}`);
const UIDS = SEEDS.map((seed) => tinyStudyUids(seed).study);
const S = (n: number) => UIDS[n - 1]!;
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(
    stack,
    admin,
    SEEDS.map((seed, i) => ({ seed, patientName: `Auto^${i + 1}`, patientId: `AUTO-${i + 1}` })),
  );
  // S1 arrived eight days ago, S8 one day ago (and an hour, so no rule sits on a boundary).
  for (let n = 1; n <= 8; n++) {
    await stack.sql(`update studies set created_at = now() - make_interval(days => $2, hours => 1) where study_instance_uid = $1`, [
      S(n),
      9 - n,
    ]);
  }
  // Performed today (the tiny studies say 2024-01-02), so that only the test below makes one old by StudyDate.
  await stack.sql(`update studies set study_date = to_char(now(), 'YYYYMMDD') where study_instance_uid = any($1)`, [UIDS]);
  await createReader(admin, {
    id: 'autoreader',
    password: 'reader-pass-1',
    role: { name: 'Auto readers', permissions: { list: true, list_delete: true }, targets: { All: true } },
  });
  reader = await signIn(stack.baseUrl, 'autoreader', 'reader-pass-1');
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const update = (form: Record<string, string>, session: Session = admin) =>
  session.agent.patch(`${API}/autodeletesettings/update`).set(session.csrf).type('form').send(form);
const runNow = async () => (await admin.agent.post(`${API}/autodelete/run`).set(admin.csrf).expect(200)).body as AutoDeleteRun;
const results = async () => (await admin.agent.get(`${API}/autodelete/results`).expect(200)).body as AutoDeleteRunList;
const bin = async () => (await admin.agent.get(`${API}/trashbox/studies`).expect(200)).body as TrashStudyList;
const live = async () =>
  (await stack.sql<{ uid: string }>('select study_instance_uid as uid from studies where trashed_at is null order by created_at')).map(
    (row) => row.uid,
  );
/** Only these settings set; every rule and every other flag at its default, the daily run off. */
const only = (form: Record<string, string>) =>
  update({
    Enabled: 'false',
    DeleteNow: 'false',
    Lifetime: '',
    NumberOfStudies: '',
    Capacity: '',
    KeepDraftReports: 'true',
    KeepShared: 'true',
    ...form,
  }).expect(200);

describe('auto-delete', () => {
  it('answers the defaults, refuses non-administrators and bad values', async () => {
    expect((await admin.agent.get(`${API}/autodeletesettings/find`).expect(200)).body).toEqual({
      ...AUTO_DELETE_DEFAULTS,
      Available: true,
    });
    await reader.agent.get(`${API}/autodeletesettings/find`).expect(403);
    await update({ Lifetime: '5' }, reader).expect(403);
    await reader.agent.post(`${API}/autodelete/run`).set(reader.csrf).expect(403);
    await reader.agent.get(`${API}/autodelete/results`).expect(403);

    const bad = await update({ Hour: '24', Lifetime: '-1', Capacity: '1.5.2', LifetimeColumn: 'PatientName', Enabled: 'maybe' }).expect(
      400,
    );
    expect(bad.body.fields).toEqual({
      Hour: MESSAGES.invalid,
      Lifetime: MESSAGES.invalid,
      Capacity: MESSAGES.invalid,
      LifetimeColumn: MESSAGES.invalid,
      Enabled: MESSAGES.invalid,
    });
    expect((await update({ Hour: '' }).expect(400)).body.fields).toEqual({ Hour: MESSAGES.required });
    await admin.agent.get(`${API}/autodelete/results`).query({ limit: '0' }).expect(400);
    // Nothing of a refused update was saved; an empty rule is 0.
    const saved = (await update({ Enabled: 'false', Hour: '3', Lifetime: '', Capacity: '0.5' }).expect(200)).body as AutoDeleteSettings;
    expect(saved).toMatchObject({ Enabled: false, Hour: 3, Lifetime: 0, Capacity: 0.5, LifetimeColumn: 'CreatedAt' });
    expect((await runNow()).Studies).toBe(0);
  });

  it('by number of studies: the two oldest go to the recycle bin, and the run is in the history with its settings', async () => {
    await only({ NumberOfStudies: '6' });
    const run = await runNow();
    expect(run).toMatchObject({ Trigger: 'manual', Account: stack.adminId, Studies: 2, MovedToBin: 2, Deleted: 0, ByNumberOfStudies: 2 });
    expect(run.FileSize).toBeGreaterThan(0);
    expect(run.FinishedAt).not.toBeNull();
    const inBin = (await bin()).Items;
    expect(inBin.map((item) => item.StudyInstanceUID).sort()).toEqual([S(1), S(2)].sort());
    expect(inBin.every((item) => item.TrashedBy === 'auto-delete')).toBe(true);
    expect(await live()).toEqual([3, 4, 5, 6, 7, 8].map(S));

    const history = await results();
    expect(history.Items[0]).toEqual(run);
    expect(JSON.parse(history.Items[0]!.Settings)).toMatchObject({ NumberOfStudies: 6, DeleteNow: false, Capacity: 0 });
    // Studies in the bin are not picked again, and six live studies are within the rule.
    expect((await runNow()).Studies).toBe(0);
    expect((await results()).Count).toBe(history.Count + 1);
  });

  it('keeps a study with a Draft report and one shared by a live share, unless told otherwise', async () => {
    await admin.agent
      .post(`${API}/reports/create`)
      .set(admin.csrf)
      .type('form')
      .send({ uid: S(3), name: 'R', status: 'Draft', title: 'T' })
      .expect(200);
    await admin.agent
      .post(`${API}/sharepatients/create`)
      .set(admin.csrf)
      .type('form')
      .send({ id: 'AUTO-4', ExpiresAt: tomorrow })
      .expect(200);
    await only({ NumberOfStudies: '4' });
    expect(await runNow()).toMatchObject({ Studies: 0, KeptDraftReport: 1, KeptShared: 1 });
    expect(await live()).toEqual([3, 4, 5, 6, 7, 8].map(S));

    await only({ NumberOfStudies: '4', KeepDraftReports: 'false' });
    expect(await runNow()).toMatchObject({ Studies: 1, ByNumberOfStudies: 1, KeptDraftReport: 0, KeptShared: 1 });
    expect(await live()).toEqual([4, 5, 6, 7, 8].map(S));
  });

  it('by lifetime: a study whose arrival moves back thirty days goes, and by StudyDate one performed in 2020', async () => {
    await only({ Lifetime: '10' });
    expect((await runNow()).Studies).toBe(0);
    await stack.sql(`update studies set created_at = now() - interval '30 days' where study_instance_uid = $1`, [S(6)]);
    expect(await runNow()).toMatchObject({ Studies: 1, ByLifetime: 1 });
    expect(await live()).toEqual([4, 5, 7, 8].map(S));
    // By StudyDate instead: performed today, nothing is that old, until S7's date says 2020.
    await only({ Lifetime: '10', LifetimeColumn: 'StudyDate' });
    expect((await runNow()).Studies).toBe(0);
    await stack.sql(`update studies set study_date = '20200101' where study_instance_uid = $1`, [S(7)]);
    expect(await runNow()).toMatchObject({ Studies: 1, ByLifetime: 1 });
    expect(await live()).toEqual([4, 5, 8].map(S));
  });

  it('by capacity, measured from Orthanc: the oldest goes for good, past the shared one, and Orthanc no longer holds it', async () => {
    const orthanc = (path: string) =>
      fetch(`${stack.config.orthanc.url}${path}`, {
        headers: {
          authorization: 'Basic ' + Buffer.from(`${stack.config.orthanc.user}:${stack.config.orthanc.password}`).toString('base64'),
        },
      });
    const [row5] = await stack.sql<{ orthanc_id: string; file_size: string }>(
      'select orthanc_id, file_size::text from studies where study_instance_uid = $1',
      [S(5)],
    );
    const [row4] = await stack.sql<{ orthanc_id: string }>('select orthanc_id from studies where study_instance_uid = $1', [S(4)]);
    const used = Number(((await orthancStatistics(stack.config)) as unknown as { TotalDiskSize: string }).TotalDiskSize);
    const inBin = (await bin()).TotalSize;
    // Just under what the live studies use: half of the oldest deletable study (S5; S4 is shared) too much.
    const capacity = ((used - inBin - Number(row5!.file_size) / 2) / CAPACITY_UNIT_BYTES).toFixed(9);
    await only({ Capacity: capacity, DeleteNow: 'true' });
    const run = await runNow();
    expect(run).toMatchObject({ Studies: 1, Deleted: 1, MovedToBin: 0, ByCapacity: 1, KeptShared: 1, DiskUsage: used });
    expect(run.TrashDeleteRun).not.toBeNull();
    let status = 0;
    for (let i = 0; i < 50 && status !== 404; i++) {
      status = (await orthanc(`/studies/${row5!.orthanc_id}`)).status;
      if (status !== 404) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(404);
    expect((await orthanc(`/studies/${row4!.orthanc_id}`)).status).toBe(200);
    expect(await live()).toEqual([4, 8].map(S));
    expect(await stack.sql('select id from studies where study_instance_uid = $1', [S(5)])).toEqual([]);
    expect(JSON.parse(run.Settings)).toMatchObject({ Capacity: Number(capacity), DeleteNow: true });
  });

  it('runs the daily run once a day at the configured hour, on whichever replica checks first', async () => {
    const deps = stack.adapter!.deps;
    const zone = await siteTimeZone(deps.db);
    // A day far ahead, at an hour other than this one (the real scheduler then stays idle).
    const nowHour = localDateHour(new Date(), zone).hour;
    let day = new Date('2031-03-10T12:00:00Z');
    if (localDateHour(day, zone).hour === nowHour) day = new Date(day.getTime() + 6 * 3_600_000);
    const hour = localDateHour(day, zone).hour;
    // A rule that picks nothing: the runs are what is tested.
    await only({ Enabled: 'true', Hour: String(hour), NumberOfStudies: '1000' });
    const before = (await results()).Count;
    const twoReplicas = await Promise.all([checkAutoDelete(deps, day), checkAutoDelete(deps, day)]);
    expect(twoReplicas.filter((run) => run !== null)).toHaveLength(1);
    expect(twoReplicas.find((run) => run !== null)).toMatchObject({ Trigger: 'schedule', Account: null, Studies: 0 });
    expect(await checkAutoDelete(deps, new Date(day.getTime() + 20 * 60_000))).toBeNull();
    expect(await checkAutoDelete(deps, new Date(day.getTime() + 3 * 3_600_000))).toBeNull();
    expect(await checkAutoDelete(deps, new Date(day.getTime() + 86_400_000))).toMatchObject({ Trigger: 'schedule' });
    await only({ Enabled: 'false', Hour: String(hour), NumberOfStudies: '1000' });
    expect(await checkAutoDelete(deps, new Date(day.getTime() + 2 * 86_400_000))).toBeNull();
    expect((await results()).Count).toBe(before + 2);
  });
});
