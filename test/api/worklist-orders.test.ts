/**
 * The study list shows a study's order (issue 17), against a real Orthanc, PostgreSQL and storescu:
 * a study sent with a worklist entry's accession number is listed with that entry (status,
 * requested procedure, its UID for /mwm?uid=) to a user with the mwm permission; a list user
 * without it gets the study and no order; a user whose targets exclude the study does not get the
 * study at all. The mwm settings and configs nodes refuse values the /mwm screen cannot use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type ListResponse, type StudyItem, type WorklistItem, type WorklistList } from '@pacs/common';
import { API, signIn, type Session } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { createReader, storeTinyStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';

let stack: Stack;
let admin: Session;
let entry: WorklistItem;

const ORDERED = tinyStudyUids('order-1').study;
const UNORDERED = tinyStudyUids('order-2').study;

async function studyAs(session: Session, uid: string): Promise<StudyItem | undefined> {
  const list = (await session.agent.get(`${API}/studies/search`).query({ limit: 100 }).expect(200)).body as ListResponse<StudyItem>;
  return list.Items.find((item) => item.StudyInstanceUID === uid);
}

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  entry = (
    await admin.agent
      .post(`${API}/mwm/create`)
      .set(admin.csrf)
      .send({
        PatientID: 'ORD-1',
        PatientName: 'Order^Olga',
        AccessionNumber: 'ACC-ORD-1',
        RequestedProcedureDescription: 'Knee MRI left',
        ScheduledProcedureStep: { Modality: 'MR', ScheduledProcedureStepStartDate: '20300410', ScheduledProcedureStepStartTime: '101500' },
      })
      .expect(200)
  ).body as WorklistItem;
  // As the modality sends them: the order's accession number, a study UID of the modality's own.
  await storeTinyStudies(
    stack,
    admin,
    [
      { seed: 'order-1', patientName: 'Order^Olga', patientId: 'ORD-1', accessionNumber: 'ACC-ORD-1', modality: 'MR' },
      { seed: 'order-2', patientName: 'Walk^In', patientId: 'ORD-2', accessionNumber: 'ACC-NONE', modality: 'CR' },
    ],
    { callingAet: 'MR_ROOM' },
  );
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe("a study's order in the list", () => {
  it('lists the study with the entry it was performed for, to a worklist user', async () => {
    let study: StudyItem | undefined;
    for (let i = 0; i < 100; i++) {
      study = await studyAs(admin, ORDERED);
      if (study?.WorklistEntry) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(study?.WorklistEntry).toMatchObject({
      UID: entry.UID,
      AccessionNumber: 'ACC-ORD-1',
      RequestedProcedureDescription: 'Knee MRI left',
      Modality: 'MR',
      ScheduledDate: '20300410',
      ScheduledTime: '101500',
    });
    expect(['in_progress', 'completed']).toContain(study?.WorklistEntry?.Status);
    // A study no order was made for says so; the single-study reads answer the same.
    expect((await studyAs(admin, UNORDERED))?.WorklistEntry).toBeNull();
    const found = (await admin.agent.get(`${API}/studies/find`).query({ uid: ORDERED }).expect(200)).body as StudyItem;
    expect(found.WorklistEntry?.UID).toBe(entry.UID);

    // The entry's link from the list: /mwm?uid= names that entry alone.
    const linked = (await admin.agent.get(`${API}/mwm/search`).query({ uid: entry.UID }).expect(200)).body as WorklistList;
    expect(linked.Items.map((item) => [item.UID, item.PerformedStudyInstanceUID])).toEqual([[entry.UID, ORDERED]]);
    await admin.agent.get(`${API}/mwm/search`).query({ uid: 'x' }).expect(400);
  });

  it('gives a list user without the mwm permission the study and no order', async () => {
    await createReader(admin, {
      id: 'order_reader',
      password: 'reader-pass-1',
      role: { name: 'List only', permissions: { list: true, viewer: true }, targets: { All: true } },
    });
    const reader = await signIn(stack.baseUrl, 'order_reader', 'reader-pass-1');
    const study = await studyAs(reader, ORDERED);
    expect(study?.AccessionNumber).toBe('ACC-ORD-1');
    expect(study).not.toHaveProperty('WorklistEntry');
    const found = (await reader.agent.get(`${API}/studies/find`).query({ uid: ORDERED }).expect(200)).body as StudyItem;
    expect(found).not.toHaveProperty('WorklistEntry');
  });

  it('gives a worklist user whose targets exclude the study neither the study nor its order', async () => {
    await createReader(admin, {
      id: 'order_tech',
      password: 'reader-pass-1',
      role: { name: 'CT room staff', permissions: { list: true, mwm: true }, targets: { All: false, AETitle: ['CT_ROOM'] } },
    });
    const tech = await signIn(stack.baseUrl, 'order_tech', 'reader-pass-1');
    expect(await studyAs(tech, ORDERED)).toBeUndefined();
    await tech.agent.get(`${API}/studies/find`).query({ uid: ORDERED }).expect(404);
  });
});

describe('the mwm settings and configs', () => {
  it('refuses a layout the worklist cannot show, naming the member', async () => {
    const settings = await admin.agent
      .put(`${API}/settings/replace`)
      .set(admin.csrf)
      .type('form')
      .send({ key: 'mwm.limit', value: JSON.stringify({ limit: 0 }) })
      .expect(400);
    expect(settings.body.fields).toEqual({ 'mwm.limit': MESSAGES.invalid });

    const configs = (await admin.agent.get(`${API}/configs/get`).expect(200)).body as { mwm: { fields: { study: { key: string }[] } } };
    const hidden = configs.mwm.fields.study.map((column) => (column.key === 'PatientID' ? { ...column, is_visible: false } : column));
    const refused = await admin.agent
      .put(`${API}/configs/replace`)
      .set(admin.csrf)
      .type('form')
      .send({ key: 'mwm.fields', value: JSON.stringify({ study: hidden }) })
      .expect(400);
    expect(refused.body.fields).toEqual({ 'mwm.fields.study': MESSAGES.invalid });

    await admin.agent
      .put(`${API}/settings/replace`)
      .set(admin.csrf)
      .type('form')
      .send({ key: 'mwm.limit', value: JSON.stringify({ limit: 25 }) })
      .expect(200);
  });
});
