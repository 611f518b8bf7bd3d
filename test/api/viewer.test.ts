/**
 * The viewer's server side: annotations per user and study, key images, capture into the study,
 * series export. Each behind the visibility module and its permission.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import dcmjs from 'dcmjs';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyUids } from '../harness/dicom.ts';

let stack: Stack;
let admin: Session;
let reader: Session;
let outsider: Session;
const mine = tinyStudyUids('viewer-1');
const other = tinyStudyUids('viewer-2');

beforeAll(async () => {
  stack = await startStack();
  const dir = mkdtempSync(join(tmpdir(), 'pacs-viewer-'));
  for (const [seed, institution] of [
    ['viewer-1', 'Main Hospital'],
    ['viewer-2', 'Other Hospital'],
  ]) {
    const file = join(dir, `${seed}.dcm`);
    writeFileSync(
      file,
      tinyStudy({ seed: seed!, institutionName: institution, patientName: 'Yamada^Tarou=山田^太郎', patientId: seed!, modality: 'CT' }),
    );
    expect((await storeFiles([file], { port: stack.config.dicomPort })).failed).toEqual([]);
  }
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  const call = (path: string, form: Record<string, string>) =>
    admin.agent.post(`${API}${path}`).set(admin.csrf).type('form').send(form).expect(200);
  const readerRole = (
    await call('/roles/create', { Name: 'Readers', Institution: '0', Permissions: JSON.stringify({ viewer: true, list: true }) })
  ).body.No;
  const outsiderRole = (
    await call('/roles/create', {
      Name: 'Outsiders',
      Institution: '0',
      Permissions: JSON.stringify({ viewer: true, list: true, viewer_annotation_save: true }),
      Targets: JSON.stringify({ All: false, InstitutionName: ['Other Hospital'] }),
    })
  ).body.No;
  await call('/accounts/create', { Id: 'reader', Password: 'reader-pass', Role: String(readerRole) });
  await call('/accounts/create', { Id: 'outsider', Password: 'outsider-pass', Role: String(outsiderRole) });
  reader = await signIn(stack.baseUrl, 'reader', 'reader-pass');
  outsider = await signIn(stack.baseUrl, 'outsider', 'outsider-pass');
  for (let i = 0; i < 50 && (await admin.agent.get(`${API}/studies/search`)).body.Count < 2; i++)
    await new Promise((r) => setTimeout(r, 100));
});
afterAll(async () => {
  await stack?.stop();
});

const annotation = {
  SeriesInstanceUID: mine.series,
  SOPInstanceUID: mine.instance,
  Frame: 1,
  Tool: 'Length',
  Data: {
    points: [
      [1, 2],
      [3, 4],
    ],
    mm: 2.8,
  },
};

describe('annotations', () => {
  it("saves the caller's annotations per study and lets others read them", async () => {
    const saved = await admin.agent
      .put(`${API}/annotations/replace`)
      .set(admin.csrf)
      .send({ uid: mine.study, items: [annotation] })
      .expect(200);
    expect(saved.body).toHaveLength(1);
    expect(saved.body[0]).toMatchObject({ Account: 'admin', Tool: 'Length', Data: annotation.Data, Frame: 1 });
    const read = await reader.agent.get(`${API}/annotations/fromstudy`).query({ uid: mine.study }).expect(200);
    expect(read.body).toHaveLength(1);
    // Replacing is per user: an empty list removes only the caller's.
    await admin.agent
      .put(`${API}/annotations/replace`)
      .set(admin.csrf)
      .send({ uid: mine.study, items: [annotation, { ...annotation, Tool: 'Angle' }] })
      .expect(200);
    expect((await reader.agent.get(`${API}/annotations/fromstudy`).query({ uid: mine.study })).body).toHaveLength(2);
  });

  it('needs viewer_annotation_save to save, and the study to be visible to read', async () => {
    const refused = await reader.agent.put(`${API}/annotations/replace`).set(reader.csrf).send({ uid: mine.study, items: [] }).expect(403);
    expect(refused.body.code).toBe('forbidden');
    await outsider.agent.get(`${API}/annotations/fromstudy`).query({ uid: mine.study }).expect(404);
    await outsider.agent
      .put(`${API}/annotations/replace`)
      .set(outsider.csrf)
      .send({ uid: mine.study, items: [annotation] })
      .expect(404);
    await admin.agent.put(`${API}/annotations/replace`).set(admin.csrf).send({ uid: mine.study, items: 'nope' }).expect(400);
  });
});

describe('key images', () => {
  it('marks and unmarks an image of the study, and refuses an instance of another study', async () => {
    const body = { uid: mine.study, SeriesInstanceUID: mine.series, SOPInstanceUID: mine.instance, Frame: 1 };
    const marked = await reader.agent
      .put(`${API}/keyimages/update`)
      .set(reader.csrf)
      .send({ ...body, Marked: true })
      .expect(200);
    expect(marked.body).toEqual([expect.objectContaining({ SOPInstanceUID: mine.instance, Account: 'reader' })]);
    await reader.agent
      .put(`${API}/keyimages/update`)
      .set(reader.csrf)
      .send({ ...body, SeriesInstanceUID: other.series, SOPInstanceUID: other.instance, Marked: true })
      .expect(404);
    const unmarked = await reader.agent
      .put(`${API}/keyimages/update`)
      .set(reader.csrf)
      .send({ ...body, Marked: false })
      .expect(200);
    expect(unmarked.body).toEqual([]);
  });
});

describe('capture and export', () => {
  it('stores a capture as a new Secondary Capture series of the same study, with the right pixels and names', async () => {
    const png = new PNG({ width: 40, height: 30 });
    for (let i = 0; i < png.data.length; i += 4) png.data.set([200, 30, 10, 255], i);
    const response = await admin.agent
      .post(`${API}/studies/capture`)
      .set(admin.csrf)
      .field('uid', mine.study)
      .field('SeriesInstanceUID', mine.series)
      .attach('image', PNG.sync.write(png), 'capture.png')
      .expect(200);
    expect(response.body.StudyInstanceUID).toBe(mine.study);

    let series: { Modality: string; SeriesDescription: string; SeriesInstanceUID: string }[] = [];
    for (let i = 0; i < 50 && series.length < 2; i++) {
      series = (await admin.agent.get(`${API}/series/fromstudy`).query({ uid: mine.study })).body;
      if (series.length < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(series.map((s) => s.SeriesDescription)).toContain('Capture');

    const file = await admin.agent
      .get(`${API}/wado`)
      .query({
        requestType: 'WADO',
        studyUID: mine.study,
        seriesUID: response.body.SeriesInstanceUID,
        objectUID: response.body.SOPInstanceUID,
        contentType: 'application/dicom',
      })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const bytes = file.body as Buffer;
    const dataset = dcmjs.data.DicomMessage.readFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
    const tags = dcmjs.data.DicomMetaDictionary.naturalizeDataset(dataset.dict) as Record<string, unknown>;
    expect(tags).toMatchObject({
      Rows: 30,
      Columns: 40,
      PhotometricInterpretation: 'RGB',
      PatientName: [{ Alphabetic: 'Yamada^Tarou', Ideographic: '山田^太郎' }],
    });
    const pixels = new Uint8Array((tags.PixelData as ArrayBuffer[])[0]!);
    expect([...pixels.subarray(0, 3)]).toEqual([200, 30, 10]);
  });

  it('refuses a capture without viewer_capture or that is not a PNG', async () => {
    await reader.agent
      .post(`${API}/studies/capture`)
      .set(reader.csrf)
      .field('uid', mine.study)
      .attach('image', Buffer.from('x'), 'x.png')
      .expect(403);
    const bad = await admin.agent
      .post(`${API}/studies/capture`)
      .set(admin.csrf)
      .field('uid', mine.study)
      .attach('image', Buffer.from('not a png'), 'x.png')
      .expect(400);
    expect(bad.body.fields.image).toBe('file format not supported');
  });

  it('exports a series as a zip, only to a user allowed to see and export it', async () => {
    const zip = await admin.agent
      .get(`${API}/series/export`)
      .query({ uid: mine.series })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect((zip.body as Buffer).subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.headers['content-disposition']).toMatch(/attachment; filename=".+\.zip"/);
    await reader.agent.get(`${API}/series/export`).query({ uid: mine.series }).expect(403);
  });
});
