/**
 * The recycle bin against a real Orthanc and PostgreSQL (issue 16): a deleted study is gone for
 * every kind of user on every path and waits in the bin with its size; restored, it is back with
 * everything hanging off it; the retention job and a permanent delete remove it from Orthanc; new
 * images bring a trashed study back; parts of a study go and come back on their own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type StudyItem, type TrashDeleteRun, type TrashSeries, type TrashStudyList } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, signInAsGuest, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyInto, tinyStudyUids, type TinyStudy } from '../harness/dicom.ts';
import { createReader, waitForIndexedStudies } from '../harness/fixtures.ts';
import { runTrashJob } from '../../adapter/src/features/trash/trash.service.ts';

let stack: Stack;
let admin: Session;
let reader: Session;
let dir: string;

const A = tinyStudyUids('trash-a');
const B = tinyStudyUids('trash-b');
const C = tinyStudyUids('trash-c');
const C_MR = tinyStudyUids('trash-c-mr');
const D = tinyStudyUids('trash-d');
const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

async function store(files: { study: TinyStudy; into?: string }[]): Promise<void> {
  const paths = files.map(({ study, into }) => {
    const path = join(dir, `${study.seed}.dcm`);
    writeFileSync(path, into ? tinyStudyInto(study, into) : tinyStudy(study));
    return path;
  });
  const { failed } = await storeFiles(paths, { port: stack.config.dicomPort });
  expect(failed).toEqual([]);
}

beforeAll(async () => {
  stack = await startStack();
  dir = mkdtempSync(join(tmpdir(), 'pacs-trash-'));
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await store([
    { study: { seed: 'trash-a', patientName: 'Bin^Alpha', patientId: 'BIN-A', accessionNumber: 'ACC-A' } },
    { study: { seed: 'trash-b', patientName: 'Bin^Beta', patientId: 'BIN-B' } },
    { study: { seed: 'trash-c', patientName: 'Bin^Gamma', patientId: 'BIN-C', modality: 'CT' } },
    { study: { seed: 'trash-c-mr', patientName: 'Bin^Gamma', patientId: 'BIN-C', modality: 'MR' }, into: C.study },
    { study: { seed: 'trash-d', patientName: 'Bin^Delta', patientId: 'BIN-D' } },
  ]);
  await waitForIndexedStudies(stack, [A.study, B.study, D.study]);
  await waitForIndexedStudies(stack, [C.study], 2);
  await createReader(admin, {
    id: 'binreader',
    password: 'reader-pass-1',
    role: { name: 'Bin readers', permissions: { list: true, viewer: true, report: true }, targets: { All: true } },
  });
  reader = await signIn(stack.baseUrl, 'binreader', 'reader-pass-1');
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const moveToBin = (session: Session, items: object[]) =>
  session.agent.post(`${API}/studies/delete`).set(session.csrf).send({ Items: items });
const bin = async () =>
  (await admin.agent.get(`${API}/trashbox/studies`).query({ orderby: 'createdat desc' }).expect(200)).body as TrashStudyList;
const listed = async (session: Session) =>
  ((await session.agent.get(`${API}/studies/search`).query({ limit: 100 }).expect(200)).body.Items as StudyItem[]).map(
    (s) => s.StudyInstanceUID,
  );

/** Every path a study is reached by, with the status each answers. */
async function probe(session: Session, uids: { study: string; series: string; instance: string }): Promise<Record<string, number>> {
  const { study: s, series: se, instance: i } = uids;
  const paths: Record<string, string> = {
    find: `${API}/studies/find?uid=${s}`,
    series: `${API}/series/fromstudy?uid=${s}`,
    instances: `${API}/instances/fromseries?uid=${se}`,
    qidoSeries: `${API}/dicom-web/studies/${s}/series`,
    metadata: `${API}/dicom-web/studies/${s}/series/${se}/metadata`,
    frame: `${API}/dicom-web/studies/${s}/series/${se}/instances/${i}/frames/1`,
    wado: `${API}/wado?requestType=WADO&studyUID=${s}&seriesUID=${se}&objectUID=${i}&contentType=application/dicom`,
  };
  const statuses: Record<string, number> = {};
  for (const [name, path] of Object.entries(paths)) {
    const accept = name === 'frame' ? 'multipart/related; type="application/octet-stream"; transfer-syntax=*' : '*/*';
    statuses[name] = (await session.agent.get(path).set('Accept', accept)).status;
  }
  const qido = (await session.agent.get(`${API}/dicom-web/studies`).expect(200)).body as { '0020000D': { Value: string[] } }[];
  statuses.qidoStudies = qido.some((item) => item['0020000D'].Value[0] === s) ? 200 : 404;
  statuses.list = (await listed(session)).includes(s) ? 200 : 404;
  return statuses;
}

const everywhere = (status: number) => ({
  find: status,
  series: status,
  instances: status,
  qidoSeries: status,
  metadata: status,
  frame: status,
  wado: status,
  qidoStudies: status,
  list: status,
});

describe('recycle bin', () => {
  it('hides a deleted study from every user on every path, and restores it with all that hangs off it', async () => {
    // What hangs off the study: a note, a favourite, a report, a key image, a guest share.
    await admin.agent
      .patch(`${API}/studies/update`)
      .set(admin.csrf)
      .type('form')
      .send({ UID: A.study, Note: 'check again', IsFavorite: 'true' })
      .expect(200);
    await admin.agent
      .post(`${API}/reports/create`)
      .set(admin.csrf)
      .type('form')
      .send({ uid: A.study, name: 'R', status: 'Draft', title: 'T' })
      .expect(200);
    await admin.agent
      .put(`${API}/keyimages/update`)
      .set(admin.csrf)
      .send({ uid: A.study, SeriesInstanceUID: A.series, SOPInstanceUID: A.instance, Frame: 1, Marked: true })
      .expect(200);
    const share = await admin.agent
      .post(`${API}/sharestudies/create`)
      .set(admin.csrf)
      .type('form')
      .send({ uid: A.study, ExpiresAt: tomorrow })
      .expect(200);
    const visitor = await signInAsGuest(stack.baseUrl, share.body.AccessKey);
    const before = (await admin.agent.get(`${API}/studies/find`).query({ uid: A.study }).expect(200)).body as StudyItem;
    for (const session of [admin, reader, visitor]) expect(await probe(session, A)).toEqual(everywhere(200));

    expect((await moveToBin(admin, [{ StudyInstanceUID: A.study }]).expect(200)).body).toEqual({ Studies: 1, Series: 0, Instances: 0 });
    for (const session of [admin, reader, visitor]) expect(await probe(session, A)).toEqual(everywhere(404));
    await admin.agent.get(`${API}/studies/fromaccessionnumber`).query({ number: 'ACC-A' }).expect(200, []);
    await admin.agent.get(`${API}/reports/fromstudy`).query({ uid: A.study }).expect(404);

    const inBin = (await bin()).Items.find((item) => item.StudyInstanceUID === A.study)!;
    expect(inBin).toMatchObject({
      Id: expect.stringMatching(/^study-\d+$/),
      IsWhole: true,
      NumberOfInstances: 1,
      FileSize: before.FileSize,
    });
    expect(inBin.FileSize).toBeGreaterThan(0);
    expect(Date.parse(inBin.DeleteAt) - Date.parse(inBin.TrashedAt)).toBe(30 * 86_400_000);
    expect((await bin()).TotalSize).toBeGreaterThanOrEqual(inBin.FileSize);
    const series = (await admin.agent.get(`${API}/trashbox/series`).query({ studyid: inBin.Id }).expect(200)).body as TrashSeries[];
    expect(series.map((s) => [s.SeriesInstanceUID, s.IsWhole, s.NumberOfSeriesRelatedInstances])).toEqual([[A.series, true, 1]]);
    const instances = (await admin.agent.get(`${API}/trashbox/instances`).query({ seriesid: series[0]!.Id }).expect(200)).body;
    expect(instances).toMatchObject([{ SOPInstanceUID: A.instance }]);

    expect((await admin.agent.post(`${API}/trashbox/restorerequest`).query({ id: inBin.Id }).set(admin.csrf).expect(200)).body).toEqual({
      Studies: 1,
      Series: 0,
      Instances: 0,
    });
    for (const session of [admin, reader, visitor]) expect(await probe(session, A)).toEqual(everywhere(200));
    const after = (await admin.agent.get(`${API}/studies/find`).query({ uid: A.study }).expect(200)).body as StudyItem;
    expect(after).toMatchObject({ Note: 'check again', IsFavorite: true, ReportStatus: 'Draft', FileSize: before.FileSize });
    expect((await admin.agent.get(`${API}/keyimages/fromstudy`).query({ uid: A.study }).expect(200)).body).toHaveLength(1);
    expect((await bin()).Items.some((item) => item.StudyInstanceUID === A.study)).toBe(false);
  });

  it('refuses a user without list_delete, and anything the caller does not see', async () => {
    await moveToBin(reader, [{ StudyInstanceUID: B.study }]).expect(403);
    await reader.agent.get(`${API}/trashbox/studies`).expect(403);
    await moveToBin(admin, [{ StudyInstanceUID: B.study }, { StudyInstanceUID: '1.2.3.999' }]).expect(404);
    expect(await listed(admin)).toContain(B.study);
    await moveToBin(admin, [{ StudyInstanceUID: B.study, SOPInstanceUID: B.instance }]).expect(400);
    await moveToBin(admin, []).expect(400);
    await admin.agent.get(`${API}/trashbox/series`).query({ studyid: 'study-x' }).expect(400);
    await admin.agent.post(`${API}/trashbox/restorerequest`).set(admin.csrf).expect(400);
    const bad = await admin.agent
      .patch(`${API}/trashboxsettings/update`)
      .set(admin.csrf)
      .type('form')
      .send({ TrashRetentionPeriod: '0' })
      .expect(400);
    expect(bad.body.fields).toEqual({ TrashRetentionPeriod: MESSAGES.invalid });
  });

  it('moves one series of a study and brings it back alone', async () => {
    await moveToBin(admin, [{ StudyInstanceUID: C.study, SeriesInstanceUID: C_MR.series }]).expect(200, {
      Studies: 0,
      Series: 1,
      Instances: 0,
    });
    const study = (await admin.agent.get(`${API}/studies/find`).query({ uid: C.study }).expect(200)).body as StudyItem;
    expect(study).toMatchObject({ NumberOfStudyRelatedSeries: 1, ModalitiesInStudy: ['CT'] });
    const series = (await admin.agent.get(`${API}/series/fromstudy`).query({ uid: C.study }).expect(200)).body;
    expect(series.map((s: { SeriesInstanceUID: string }) => s.SeriesInstanceUID)).toEqual([C.series]);
    const qido = (await admin.agent.get(`${API}/dicom-web/studies/${C.study}/series`).expect(200)).body;
    expect(qido).toHaveLength(1);
    await admin.agent.get(`${API}/dicom-web/studies/${C.study}/series/${C_MR.series}/metadata`).expect(404);

    const entry = (await bin()).Items.find((item) => item.StudyInstanceUID === C.study)!;
    expect(entry).toMatchObject({ IsWhole: false, NumberOfSeries: 1, NumberOfInstances: 1 });
    const [binned] = (await admin.agent.get(`${API}/trashbox/series`).query({ studyid: entry.Id }).expect(200)).body as TrashSeries[];
    expect(binned).toMatchObject({ SeriesInstanceUID: C_MR.series, IsWhole: true });
    await admin.agent
      .post(`${API}/trashbox/restorerequest`)
      .query({ id: binned!.Id })
      .set(admin.csrf)
      .expect(200, { Studies: 0, Series: 1, Instances: 0 });
    expect((await admin.agent.get(`${API}/studies/find`).query({ uid: C.study }).expect(200)).body).toMatchObject({
      NumberOfStudyRelatedSeries: 2,
      ModalitiesInStudy: ['CT', 'MR'],
    });
  });

  it('deletes for good, by hand and when retention ends, and Orthanc no longer holds the files', async () => {
    const orthanc = (path: string) =>
      fetch(`${stack.config.orthanc.url}${path}`, {
        headers: {
          authorization: 'Basic ' + Buffer.from(`${stack.config.orthanc.user}:${stack.config.orthanc.password}`).toString('base64'),
        },
      });
    const orthancIdOf = async (uid: string) =>
      (await stack.sql<{ orthanc_id: string }>('select orthanc_id from studies where study_instance_uid = $1', [uid]))[0]!.orthanc_id;
    const idB = await orthancIdOf(B.study);
    const idC = await orthancIdOf(C.study);
    expect((await orthanc(`/studies/${idB}`)).status).toBe(200);

    // By hand: C goes to the bin, then for good.
    await moveToBin(admin, [{ StudyInstanceUID: C.study }]).expect(200);
    const entry = (await bin()).Items.find((item) => item.StudyInstanceUID === C.study)!;
    const run = (await admin.agent.delete(`${API}/trashbox/delete`).query({ id: entry.Id }).set(admin.csrf).expect(200))
      .body as TrashDeleteRun;
    expect(run).toMatchObject({ Trigger: 'manual', Account: stack.adminId, Studies: 1, Instances: 2, Failed: 0 });
    expect(run.FinishedAt).not.toBeNull();
    expect((await orthanc(`/studies/${idC}`)).status).toBe(404);
    expect(await stack.sql('select id from studies where study_instance_uid = $1', [C.study])).toEqual([]);

    // Retention: B goes to the bin; its mark is moved 31 days back; the job deletes it.
    await admin.agent
      .patch(`${API}/trashboxsettings/update`)
      .set(admin.csrf)
      .type('form')
      .send({ TrashRetentionPeriod: '30' })
      .expect(200, { TrashRetentionPeriod: 30 });
    await moveToBin(admin, [{ StudyInstanceUID: B.study }]).expect(200);
    await runTrashJob(stack.adapter!.deps);
    expect((await orthanc(`/studies/${idB}`)).status).toBe(200);
    await stack.sql(`update studies set trashed_at = now() - interval '31 days' where study_instance_uid = $1`, [B.study]);
    await runTrashJob(stack.adapter!.deps);
    expect((await orthanc(`/studies/${idB}`)).status).toBe(404);
    const runs = (await admin.agent.get(`${API}/trashdelete/results`).expect(200)).body as TrashDeleteRun[];
    expect(runs[0]).toMatchObject({
      Trigger: 'retention',
      Account: null,
      Studies: 1,
      Settings: JSON.stringify({ TrashRetentionPeriod: 30 }),
    });
    expect((await bin()).Items.map((item) => item.StudyInstanceUID)).toEqual([]);
  });

  it('brings a trashed study back when new images arrive, with a note', async () => {
    await moveToBin(admin, [{ StudyInstanceUID: D.study }]).expect(200);
    expect(await listed(admin)).not.toContain(D.study);
    await store([{ study: { seed: 'trash-d-late', patientName: 'Bin^Delta', patientId: 'BIN-D', modality: 'CT' }, into: D.study }]);
    await waitForIndexedStudies(stack, [D.study], 2);
    for (let i = 0; i < 100 && !(await listed(admin)).includes(D.study); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const study = (await admin.agent.get(`${API}/studies/find`).query({ uid: D.study }).expect(200)).body as StudyItem;
    expect(study.Note).toMatch(/^Restored from the recycle bin: new images arrived \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(study.NumberOfStudyRelatedSeries).toBe(2);
    expect((await bin()).Items.some((item) => item.StudyInstanceUID === D.study)).toBe(false);
  });
});
