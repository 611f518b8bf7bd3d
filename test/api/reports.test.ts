/**
 * Reports: documents newest first, the study's ReportStatus following the latest non-deleted
 * document, key images saved with a document, and the permissions and visibility around them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { createReader, storeTinyStudies } from '../harness/fixtures.ts';

let stack: Stack;
let admin: Session;
let reader: Session;
let outsider: Session;
const study = tinyStudyUids('report-1');

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  await storeTinyStudies(stack, admin, [
    { seed: 'report-1', institutionName: 'Main Hospital', patientName: 'Report^Patient', patientId: 'R1', modality: 'CT' },
  ]);
  await createReader(admin, {
    id: 'reader',
    password: 'reader-pass',
    role: { name: 'Report readers', permissions: { report: true, list: true } },
  });
  await createReader(admin, {
    id: 'outsider',
    password: 'outsider-pass',
    role: {
      name: 'Elsewhere',
      permissions: { report: true, report_save: true, list: true },
      targets: { All: false, InstitutionName: ['Other Hospital'] },
    },
  });
  reader = await signIn(stack.baseUrl, 'reader', 'reader-pass');
  outsider = await signIn(stack.baseUrl, 'outsider', 'outsider-pass');
});
afterAll(async () => {
  await stack?.stop();
});

const status = async () => (await admin.agent.get(`${API}/studies/find`).query({ uid: study.study }).expect(200)).body.ReportStatus;

describe('reports', () => {
  it('moves the study through None, Draft and Final, and back when the last document is deleted', async () => {
    expect(await status()).toBe('Empty');
    const created = await admin.agent
      .post(`${API}/reports/create`)
      .set(admin.csrf)
      .type('form')
      .send({ uid: study.study, name: 'CT report', status: 'None', title: 'CT chest', findings: 'No focal lesion.' })
      .expect(200);
    expect(await status()).toBe('None');
    const no = created.body.No;
    await admin.agent
      .post(`${API}/documents/create`)
      .set(admin.csrf)
      .type('form')
      .send({ report: String(no), status: 'Draft', title: 'CT chest', findings: 'Small nodule.' })
      .expect(200);
    expect(await status()).toBe('Draft');
    const final = await admin.agent
      .post(`${API}/documents/create`)
      .set(admin.csrf)
      .type('form')
      .send({
        report: String(no),
        status: 'Final',
        title: 'CT chest',
        findings: 'Small nodule, 4 mm.',
        impression: 'Follow up in 12 months.',
      })
      .expect(200);
    expect(await status()).toBe('Final');

    const documents = (await admin.agent.get(`${API}/documents/fromreport`).query({ no }).expect(200)).body;
    expect(documents.map((d: { Status: string }) => d.Status)).toEqual(['Final', 'Draft', 'None']);
    expect(documents.map((d: { is_last: boolean }) => d.is_last)).toEqual([true, false, false]);
    expect(documents[0]).toMatchObject({ DoctorName: 'Administrator', Impression: 'Follow up in 12 months.', Account: 'admin' });

    await admin.agent.delete(`${API}/documents/delete`).query({ id: final.body.Id }).set(admin.csrf).expect(200);
    expect(await status()).toBe('Draft');
    const after = (await admin.agent.get(`${API}/documents/fromreport`).query({ no })).body;
    expect(after.map((d: { Status: string; is_last: boolean }) => [d.Status, d.is_last])).toEqual([
      ['Deleted', false],
      ['Draft', true],
      ['None', false],
    ]);
    expect((await admin.agent.get(`${API}/studies/search`).query({ ReportStatus: 'Draft' })).body.Count).toBe(1);
  });

  it('saves the chosen key images with a document', async () => {
    const marked = await admin.agent
      .put(`${API}/keyimages/update`)
      .set(admin.csrf)
      .send({ uid: study.study, SeriesInstanceUID: study.series, SOPInstanceUID: study.instance, Frame: 1, Marked: true })
      .expect(200);
    const keyNo = marked.body[0].No;
    const [report] = (await admin.agent.get(`${API}/reports/fromstudy`).query({ uid: study.study })).body;
    const doc = await admin.agent
      .post(`${API}/documents/create`)
      .set(admin.csrf)
      .type('form')
      .send({ report: String(report.No), status: 'Final', images: [String(keyNo)] })
      .expect(200);
    const images = await admin.agent.get(`${API}/keyimages/fromdocument`).query({ id: doc.body.Id }).expect(200);
    expect(images.body).toEqual([{ Position: 0, SeriesInstanceUID: study.series, SOPInstanceUID: study.instance, Frame: 1 }]);
    await admin.agent
      .post(`${API}/documents/create`)
      .set(admin.csrf)
      .type('form')
      .send({ report: String(report.No), images: ['999999'] })
      .expect(400);
  });

  it('lets a reader read but not save or delete, and hides reports of studies a user cannot see', async () => {
    const [report] = (await reader.agent.get(`${API}/reports/fromstudy`).query({ uid: study.study }).expect(200)).body;
    expect(report.documents.length).toBeGreaterThan(2);
    await reader.agent
      .post(`${API}/documents/create`)
      .set(reader.csrf)
      .type('form')
      .send({ report: String(report.No), status: 'Draft' })
      .expect(403);
    await reader.agent.delete(`${API}/documents/delete`).query({ id: report.documents[0].Id }).set(reader.csrf).expect(403);
    await outsider.agent.get(`${API}/reports/fromstudy`).query({ uid: study.study }).expect(404);
    await outsider.agent.get(`${API}/documents/fromreport`).query({ no: report.No }).expect(404);
    await outsider.agent
      .post(`${API}/documents/create`)
      .set(outsider.csrf)
      .type('form')
      .send({ report: String(report.No), status: 'Final' })
      .expect(404);
    expect((await outsider.agent.get(`${API}/documents/titles`).expect(200)).body).toEqual([]);
    expect((await reader.agent.get(`${API}/documents/titles`).expect(200)).body).toEqual(['CT chest']);
  });
});
