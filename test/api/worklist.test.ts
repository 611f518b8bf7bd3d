/**
 * The modality worklist against a real Orthanc, PostgreSQL and dcmtk (issue 17): an entry created
 * through the API is answered to a modality's `findscu -W` (a Japanese name byte for byte in
 * UTF-8, modality, date, station AE title) and only to matching queries; an unregistered AE is
 * refused once anonymous users are off; images carrying the entry's accession number start it and,
 * once the study is stable, complete it, and C-FIND no longer finds it; deleting removes its file;
 * bad input and missing permission are refused.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Provider, type WorklistEntryInput, type WorklistItem, type WorklistList } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { findWorklist, storeFiles, tinyStudy } from '../harness/dicom.ts';
import { createReader } from '../harness/fixtures.ts';

let stack: Stack;
let admin: Session;
let dir: string;

const MODALITY_AET = 'WL_CT';
const JAPANESE = '山田^太郎=やまだ^たろう';

function entry(change: Partial<WorklistEntryInput> & { step?: Partial<WorklistEntryInput['ScheduledProcedureStep']> } = {}) {
  const { step, ...rest } = change;
  return {
    PatientID: 'WL-1',
    PatientName: JAPANESE,
    PatientBirthDate: '1970-03-04',
    PatientSex: 'M',
    PatientAge: '054Y',
    AccessionNumber: 'ACC-WL-1',
    RequestedProcedureID: 'RP1',
    RequestedProcedureDescription: 'Chest CT',
    ReferringPhysicianName: 'Sato^Hanako',
    ...rest,
    ScheduledProcedureStep: {
      Modality: 'CT',
      ScheduledStationAETitle: 'CT_ROOM1',
      ScheduledProcedureStepStartDate: '2030-01-15',
      ScheduledProcedureStepStartTime: '09:30:00',
      ScheduledPerformingPhysicianName: 'Suzuki^Ichiro',
      ScheduledProcedureStepDescription: 'Chest CT plain',
      ScheduledProcedureStepID: 'SPS1',
      ...step,
    },
  };
}

async function create(body: unknown): Promise<WorklistItem> {
  return (
    await admin.agent
      .post(`${API}/mwm/create`)
      .set(admin.csrf)
      .send(body as object)
      .expect(200)
  ).body as WorklistItem;
}

async function search(query: Record<string, string> = {}): Promise<WorklistList> {
  return (await admin.agent.get(`${API}/mwm/search`).query(query).expect(200)).body as WorklistList;
}

const STEP = 'ScheduledProcedureStepSequence[0]';

/** A modality's worklist query for one modality and date, asking for the attributes checked. */
function query(callingAet: string, modality = 'CT', date = '20300115') {
  return findWorklist({ port: stack.config.dicomPort }, callingAet, [
    'SpecificCharacterSet=ISO_IR 192',
    'PatientName',
    'PatientID',
    'AccessionNumber',
    'StudyInstanceUID',
    `${STEP}.Modality=${modality}`,
    `${STEP}.ScheduledProcedureStepStartDate=${date}`,
    `${STEP}.ScheduledProcedureStepStartTime`,
    `${STEP}.ScheduledStationAETitle`,
  ]);
}

const fileOf = (uid: string) => join(stack.config.orthanc.worklistsDir!, `${uid}.wl`);

async function setAnonymous(allow: boolean): Promise<void> {
  const current = ((await admin.agent.get(`${API}/providers/all`).expect(200)).body as Provider[])[0]!;
  await admin.agent
    .patch(`${API}/providers/update`)
    .set(admin.csrf)
    .type('form')
    .send({
      No: String(current.No),
      Name: current.Name,
      AETitle: current.AETitle,
      Port: String(current.Port),
      AllowAnonymousUsers: String(allow),
    })
    .expect(200);
}

async function waitForStatus(uid: string, status: string, timeoutMs: number): Promise<WorklistItem> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const item = (await search({ Status: 'none,in_progress,completed' })).Items.find((candidate) => candidate.UID === uid);
    if (item?.Status === status) return item;
    if (Date.now() > deadline) throw new Error(`entry ${uid} is ${item?.Status ?? 'missing'}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  stack = await startStack();
  dir = mkdtempSync(join(tmpdir(), 'pacs-worklist-'));
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await admin.agent
    .post(`${API}/users/create`)
    .set(admin.csrf)
    .type('form')
    .send({ Provider: '1', Name: 'CT room 1', AETitle: MODALITY_AET, IPAddress: '127.0.0.1', Port: '104' })
    .expect(200);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('worklist C-FIND', () => {
  it('answers a registered modality with the entry created through the API, and only for its modality and date', async () => {
    const created = await create(entry());
    expect(created).toMatchObject({
      Status: 'none',
      PatientName: JAPANESE,
      PatientBirthDate: '19700304',
      Modality: 'CT',
      StudyDate: '20300115',
      StudyTime: '093000',
      AETitle: 'CT_ROOM1',
      PerformedStudyInstanceUID: null,
    });
    expect(created.UID).toMatch(/^2\.25\.\d+$/);
    expect(created.StudyInstanceUID).toBe(created.UID);
    expect(existsSync(fileOf(created.UID))).toBe(true);

    const found = await query(MODALITY_AET);
    expect(found.ok, found.stderr).toBe(true);
    expect(found.answers).toHaveLength(1);
    const [answer] = found.answers;
    expect(answer!.dataset).toMatchObject({ PatientID: 'WL-1', AccessionNumber: 'ACC-WL-1', StudyInstanceUID: created.UID });
    expect(answer!.dataset.SpecificCharacterSet).toBe('ISO_IR 192');
    // The name's UTF-8 bytes, as typed, inside the answer the modality received.
    expect(answer!.bytes.includes(Buffer.from(JAPANESE, 'utf8'))).toBe(true);
    const step = (answer!.dataset.ScheduledProcedureStepSequence as Record<string, unknown>[])[0]!;
    expect(step).toMatchObject({
      Modality: 'CT',
      ScheduledProcedureStepStartDate: '20300115',
      ScheduledProcedureStepStartTime: '093000',
      ScheduledStationAETitle: 'CT_ROOM1',
    });

    expect((await query(MODALITY_AET, 'MR')).answers).toEqual([]);
    expect((await query(MODALITY_AET, 'CT', '20300116')).answers).toEqual([]);

    // The list answers it too, with the spec's response shape.
    const list = await search({ PatientID: '%WL-%' });
    expect(list).toMatchObject({ Count: 1, Limit: 100, Offset: 0 });
    expect(typeof list.RequestedAt).toBe('string');
    expect(list.Items[0]!.UID).toBe(created.UID);
  });

  it('refuses an unregistered AE once anonymous users are off, and still answers the registered one', async () => {
    await setAnonymous(false);
    try {
      const stranger = await query('STRANGER');
      expect(stranger.answers).toEqual([]);
      expect(stranger.ok).toBe(false);
      expect((await query(MODALITY_AET)).answers).toHaveLength(1);
    } finally {
      await setAnonymous(true);
    }
    expect((await query('STRANGER')).answers).toHaveLength(1);
  }, 120_000);
});

describe('worklist status', () => {
  it('starts when images with its accession number arrive, completes when the study is stable, and leaves C-FIND', async () => {
    const created = await create(
      entry({ PatientID: 'WL-2', AccessionNumber: 'ACC-WL-2', step: { ScheduledProcedureStepStartDate: '20300201' } }),
    );
    expect((await query(MODALITY_AET, 'CT', '20300201')).answers).toHaveLength(1);

    const path = join(dir, 'wl-2.dcm');
    writeFileSync(
      path,
      tinyStudy({ seed: 'wl-2', patientName: 'Yamada^Taro', patientId: 'WL-2', accessionNumber: 'ACC-WL-2', modality: 'CT' }),
    );
    expect((await storeFiles([path], { port: stack.config.dicomPort, callingAet: MODALITY_AET })).failed).toEqual([]);

    const started = await waitForStatus(created.UID, 'in_progress', 15_000);
    expect(started.PerformedStudyInstanceUID).toMatch(/^2\.25\./);
    expect(started.StartedAt).not.toBeNull();
    // Still on the modality's list while the exam goes on, marked as started.
    const during = await query(MODALITY_AET, 'CT', '20300201');
    expect(during.answers).toHaveLength(1);
    expect(readFileSync(fileOf(created.UID)).includes(Buffer.from('STARTED'))).toBe(true);

    // Orthanc's StableAge is 10 s.
    const completed = await waitForStatus(created.UID, 'completed', 40_000);
    expect(completed.CompletedAt).not.toBeNull();
    expect(existsSync(fileOf(created.UID))).toBe(false);
    expect((await query(MODALITY_AET, 'CT', '20300201')).answers).toEqual([]);
  }, 60_000);

  it('deletes an entry: its file goes, C-FIND and the list no longer find it', async () => {
    const created = await create(
      entry({ PatientID: 'WL-3', AccessionNumber: 'ACC-WL-3', step: { ScheduledProcedureStepStartDate: '20300301' } }),
    );
    expect(existsSync(fileOf(created.UID))).toBe(true);
    await admin.agent.delete(`${API}/mwm/delete`).query({ uid: created.UID }).set(admin.csrf).expect(200);
    expect(existsSync(fileOf(created.UID))).toBe(false);
    expect((await query(MODALITY_AET, 'CT', '20300301')).answers).toEqual([]);
    expect((await search({ PatientID: 'WL-3' })).Count).toBe(0);
    expect((await search({ PatientID: 'WL-3', Status: 'deleted' })).Items[0]?.Status).toBe('deleted');
    await admin.agent.delete(`${API}/mwm/delete`).query({ uid: created.UID }).set(admin.csrf).expect(404);
  });

  it('disables an entry by update (file removed) and schedules it again', async () => {
    const created = await create(entry({ PatientID: 'WL-4', AccessionNumber: 'ACC-WL-4' }));
    const { UID, StudyInstanceUID: _uid, ...rest } = created;
    const update = { ...entry({ PatientID: 'WL-4', AccessionNumber: 'ACC-WL-4', PatientName: 'Kim^Minjun' }), UID, Status: 'disabled' };
    expect(rest.Status).toBe('none');
    const disabled = (await admin.agent.patch(`${API}/mwm/update`).set(admin.csrf).send(update).expect(200)).body as WorklistItem;
    expect(disabled).toMatchObject({ Status: 'disabled', PatientName: 'Kim^Minjun' });
    expect(existsSync(fileOf(UID))).toBe(false);
    await admin.agent
      .patch(`${API}/mwm/update`)
      .set(admin.csrf)
      .send({ ...update, Status: 'none' })
      .expect(200);
    expect(readFileSync(fileOf(UID)).includes(Buffer.from('Kim^Minjun'))).toBe(true);
  });
});

describe('worklist input and access', () => {
  it('refuses bad entries with a message per field, and a taken accession number', async () => {
    const bad: [unknown, Record<string, string>][] = [
      [entry({ PatientID: '' }), { PatientID: MESSAGES.required }],
      [entry({ PatientAge: '12Y' }), { PatientAge: MESSAGES.invalid }],
      [entry({ PatientSex: 'X' }), { PatientSex: MESSAGES.invalid }],
      [entry({ step: { ScheduledProcedureStepStartDate: '2030-02-30' } }), { ScheduledProcedureStepStartDate: MESSAGES.invalid }],
      [entry({ step: { ScheduledProcedureStepStartDate: '' } }), { ScheduledProcedureStepStartDate: MESSAGES.required }],
      [entry({ step: { ScheduledProcedureStepStartTime: '25:00:00' } }), { ScheduledProcedureStepStartTime: MESSAGES.invalid }],
      [entry({ step: { ScheduledStationAETitle: 'A\\B' } }), { ScheduledStationAETitle: MESSAGES.invalid }],
      [entry({ step: { Modality: '' } }), { Modality: MESSAGES.required }],
      [entry({ AccessionNumber: 'A'.repeat(17) }), { AccessionNumber: MESSAGES.max_length(16) }],
      [
        { PatientID: 'X', PatientName: 'Y' },
        { Modality: MESSAGES.required, ScheduledProcedureStepStartDate: MESSAGES.required },
      ],
    ];
    for (const [body, fields] of bad) {
      const answer = await admin.agent
        .post(`${API}/mwm/create`)
        .set(admin.csrf)
        .send(body as object)
        .expect(400);
      expect(answer.body.fields, JSON.stringify(fields)).toEqual(fields);
    }
    await create(entry({ PatientID: 'WL-5', AccessionNumber: 'ACC-WL-5' }));
    const taken = await admin.agent
      .post(`${API}/mwm/create`)
      .set(admin.csrf)
      .send(entry({ AccessionNumber: 'ACC-WL-5' }))
      .expect(409);
    expect(taken.body.fields).toEqual({ AccessionNumber: MESSAGES.already_exists });
    await admin.agent.get(`${API}/mwm/search`).query({ orderby: 'nonsense desc' }).expect(400);
    await admin.agent.get(`${API}/mwm/search`).query({ Status: 'done' }).expect(400);
    await admin.agent.delete(`${API}/mwm/delete`).query({ uid: '1.2;drop' }).set(admin.csrf).expect(400);
    await admin.agent
      .patch(`${API}/mwm/update`)
      .set(admin.csrf)
      .send({ ...entry(), UID: '1.2.3' })
      .expect(404);
  });

  it('answers 403 to an account without the mwm permission', async () => {
    await createReader(admin, {
      id: 'no_mwm',
      password: 'reader-pass-1',
      role: { name: 'Readers without worklist', permissions: { list: true, viewer: true }, targets: { All: true } },
    });
    const reader = await signIn(stack.baseUrl, 'no_mwm', 'reader-pass-1');
    await reader.agent.get(`${API}/mwm/search`).expect(403);
    await reader.agent
      .post(`${API}/mwm/create`)
      .set(reader.csrf)
      .send(entry({ AccessionNumber: 'ACC-WL-9' }))
      .expect(403);
    await reader.agent.delete(`${API}/mwm/delete`).query({ uid: '1.2.3' }).set(reader.csrf).expect(403);
  });

  it('rewrites a missing file and removes a stray one when the adapter starts', async () => {
    const created = await create(entry({ PatientID: 'WL-6', AccessionNumber: 'ACC-WL-6' }));
    rmSync(fileOf(created.UID));
    const stray = join(stack.config.orthanc.worklistsDir!, '1.2.3.4.wl');
    writeFileSync(stray, 'not ours');
    const { reconcileWorklist } = await import('../../adapter/src/features/worklist/worklist.service.ts');
    await reconcileWorklist(stack.adapter!.deps);
    expect(existsSync(fileOf(created.UID))).toBe(true);
    expect(existsSync(stray)).toBe(false);
  });
});
