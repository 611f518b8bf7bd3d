/**
 * Issue 13 item 8: fields a teleradiology kind may not see in the study list (spec 1 §6) must not
 * come back through the DICOMweb proxy: stripped from QIDO and metadata answers, refused as QIDO
 * filters, and whole files refused; frames and renderings still serve the viewer. Callers whose
 * role hides nothing get everything as before.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyUids } from '../harness/dicom.ts';

let stack: Stack;
let admin: Session;
/** Radiologist kind: hides PatientName, InstitutionName, AETitle (and Institution). */
let radiologist: Session;
/** Company kind: hides PatientName (and ReportStatus). */
let company: Session;
const uids = tinyStudyUids('hidden-1');
const study = `${API}/dicom-web/studies/${uids.study}`;
const seriesPath = `${study}/series/${uids.series}`;
const instancePath = `${seriesPath}/instances/${uids.instance}`;
const PATIENT_NAME = '00100010';
const INSTITUTION_NAME = '00080080';
const WHOLE_SERIES = 'multipart/related; type="application/dicom"; transfer-syntax=*';
const FRAME = 'multipart/related; type="application/octet-stream"; transfer-syntax=*';

beforeAll(async () => {
  stack = await startStack();
  const dir = mkdtempSync(join(tmpdir(), 'pacs-hidden-'));
  const file = join(dir, 'hidden-1.dcm');
  writeFileSync(
    file,
    tinyStudy({ seed: 'hidden-1', institutionName: 'Secret Hospital', patientName: 'Secret^Patient', patientId: 'HID-1', modality: 'CT' }),
  );
  expect((await storeFiles([file], { port: stack.config.dicomPort })).failed).toEqual([]);
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  const call = (path: string, form: Record<string, string>) =>
    admin.agent.post(`${API}${path}`).set(admin.csrf).type('form').send(form).expect(200);
  for (const [kind, id] of [
    ['Radiologist', 'radiologist'],
    ['Company', 'company'],
  ] as const) {
    const role = (
      await call('/roles/create', {
        Name: `${kind} readers`,
        Institution: '0',
        Teleradiology: kind,
        Permissions: JSON.stringify({ viewer: true, list: true }),
        Targets: JSON.stringify({ All: true }),
        StudyAccess: 'all',
      })
    ).body.No;
    await call('/accounts/create', { Id: id, Password: `${id}-pass`, Role: String(role) });
  }
  radiologist = await signIn(stack.baseUrl, 'radiologist', 'radiologist-pass');
  company = await signIn(stack.baseUrl, 'company', 'company-pass');
  for (let i = 0; i < 100 && (await admin.agent.get(`${API}/studies/search`)).body.Count < 1; i++)
    await new Promise((r) => setTimeout(r, 100));
});
afterAll(async () => {
  await stack?.stop();
});

type DicomJson = Record<string, { vr?: string; Value?: unknown[]; BulkDataURI?: string }>;

const json = async (session: Session, url: string, query: Record<string, string> = {}): Promise<DicomJson[]> => {
  const answer = await session.agent.get(url).query(query).set('accept', 'application/dicom+json');
  expect(answer.status, url).toBe(200);
  return JSON.parse(answer.text) as DicomJson[];
};

const bytes = (session: Session, url: string, accept?: string) => {
  const request = session.agent.get(url);
  if (accept) request.set('accept', accept);
  return request.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });
};

const wadoUri = (contentType?: string) =>
  `${API}/wado?${new URLSearchParams({
    requestType: 'WADO',
    studyUID: uids.study,
    seriesUID: uids.series,
    objectUID: uids.instance,
    ...(contentType ? { contentType } : {}),
  })
    .toString()
    .replace(/%2F/g, '/')}`;

describe('a role that hides PatientName and InstitutionName (Radiologist)', () => {
  it('gets QIDO answers without the hidden attributes', async () => {
    for (const level of ['studies', 'series', 'instances']) {
      const items = await json(radiologist, `${API}/dicom-web/${level}`, { StudyInstanceUID: uids.study });
      expect(items.length, level).toBe(1);
      expect(items[0]!['0020000D']?.Value, level).toEqual([uids.study]);
      expect(items[0], level).not.toHaveProperty(PATIENT_NAME);
      expect(items[0], level).not.toHaveProperty(INSTITUTION_NAME);
      expect(JSON.stringify(items), level).not.toContain('Secret');
    }
    for (const url of [`${study}/series`, `${study}/instances`, `${seriesPath}/instances`]) {
      const items = await json(radiologist, url);
      expect(items.length, url).toBe(1);
      expect(JSON.stringify(items), url).not.toContain('Secret');
    }
  });

  it('may not filter on or include a hidden attribute (400 with the catalogue message)', async () => {
    const refused: [string, Record<string, string>][] = [
      [`${API}/dicom-web/studies`, { PatientName: 'Sec*' }],
      [`${API}/dicom-web/studies`, { '00100010': 'Sec*' }],
      [`${API}/dicom-web/studies`, { '0010,0010': 'Sec*' }],
      [`${API}/dicom-web/studies`, { patientname: 'Sec*' }],
      [`${API}/dicom-web/series`, { InstitutionName: 'Secret*' }],
      [`${API}/dicom-web/instances`, { OtherPatientNames: 'Sec*' }],
      [`${API}/dicom-web/studies`, { includefield: 'PatientName' }],
      [`${API}/dicom-web/studies`, { includefield: 'StudyDate,00080080' }],
      [`${API}/dicom-web/series`, { includefield: '0008,0080' }],
      [`${study}/series`, { InstitutionName: 'S*' }],
      [`${seriesPath}/instances`, { PatientName: 'S*' }],
      [`${study}/metadata`, { includefield: 'PatientName' }],
    ];
    for (const [url, query] of refused) {
      const answer = await radiologist.agent.get(url).query(query);
      expect(answer.status, `${url} ${JSON.stringify(query)}`).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
      expect(answer.body.message).toBe('This field is not available.');
    }
    // Filters on other fields still work.
    expect(await json(radiologist, `${API}/dicom-web/studies`, { PatientID: 'HID-1' })).toHaveLength(1);
  });

  it('gets metadata without the hidden attributes, with what the viewer needs', async () => {
    for (const url of [`${study}/metadata`, `${seriesPath}/metadata`, `${instancePath}/metadata`]) {
      const [item, ...rest] = await json(radiologist, url);
      expect(rest, url).toEqual([]);
      expect(item, url).not.toHaveProperty(PATIENT_NAME);
      expect(item, url).not.toHaveProperty(INSTITUTION_NAME);
      expect(JSON.stringify(item), url).not.toContain('Secret');
      expect(item!['00100020']?.Value, url).toEqual(['HID-1']);
    }
    // Study and series metadata are Orthanc's main tags; an instance's is its whole header.
    const [item] = await json(radiologist, `${instancePath}/metadata`);
    expect(item!['00280010']?.Value).toEqual([16]);
    // Bulk data URIs point back to the proxy.
    expect(item!['7FE00010']?.BulkDataURI ?? '').toContain('/viewer/api/dicom-web/');
    // Asking for XML still answers stripped JSON.
    const xml = await radiologist.agent.get(`${instancePath}/metadata`).set('accept', 'multipart/related; type="application/dicom+xml"');
    expect(xml.status).toBe(200);
    expect(xml.headers['content-type']).toContain('json');
    expect(xml.text).not.toContain('Secret');
  });

  it('is refused whole files (403) but gets frames and renderings', async () => {
    const refused: [string, string | undefined][] = [
      [study, 'multipart/related; type="application/dicom"'],
      [seriesPath, WHOLE_SERIES],
      [seriesPath, 'multipart/related; type="application/dicom"'],
      [instancePath, 'multipart/related; type="application/dicom"'],
      [instancePath, undefined],
      [wadoUri('application/dicom'), undefined],
      [wadoUri('application/DICOM'), undefined],
      [`${instancePath}/bulk/${PATIENT_NAME}`, undefined],
      [`${instancePath}/bulk/0008,0080`, undefined],
    ];
    for (const [url, accept] of refused) {
      const answer = await bytes(radiologist, url, accept);
      expect(answer.status, `${url} ${accept}`).toBe(403);
      expect(JSON.parse((answer.body as Buffer).toString()).message).toBe('You do not have permission to do this.');
    }

    const frame = await bytes(radiologist, `${instancePath}/frames/1`, FRAME);
    expect(frame.status).toBe(200);
    expect(frame.headers['content-type']).toContain('transfer-syntax=1.2.840.10008.1.2.1');
    // 16×16 8-bit pixels inside one multipart part, and nothing of the header.
    expect((frame.body as Buffer).length).toBeGreaterThanOrEqual(256);
    expect((frame.body as Buffer).toString('latin1')).not.toContain('Secret');
    for (const url of [`${instancePath}/rendered`, wadoUri('image/jpeg'), wadoUri()]) {
      const answer = await bytes(radiologist, url);
      expect(answer.status, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/^image\//);
    }
  });
});

describe('a role that hides PatientName only (Company)', () => {
  it('sees InstitutionName but not PatientName', async () => {
    const [item] = await json(company, `${instancePath}/metadata`);
    expect(item).not.toHaveProperty(PATIENT_NAME);
    expect(item![INSTITUTION_NAME]?.Value).toEqual(['Secret Hospital']);
    expect((await company.agent.get(`${API}/dicom-web/studies`).query({ PatientName: 'S*' })).status).toBe(400);
    expect(await json(company, `${API}/dicom-web/studies`, { InstitutionName: 'Secret*' })).toHaveLength(1);
    expect((await bytes(company, wadoUri('application/dicom'))).status).toBe(403);
  });
});

describe('a role that hides nothing', () => {
  it('gets every attribute, filters on them, and whole files', async () => {
    const [found] = await json(admin, `${API}/dicom-web/studies`, { PatientName: 'Secret*', includefield: '00080080' });
    expect((found![PATIENT_NAME]?.Value?.[0] as { Alphabetic?: string }).Alphabetic).toBe('Secret^Patient');
    const [item] = await json(admin, `${instancePath}/metadata`);
    expect(item![INSTITUTION_NAME]?.Value).toEqual(['Secret Hospital']);
    expect(item).toHaveProperty(PATIENT_NAME);
    const file = await bytes(admin, wadoUri('application/dicom'));
    expect(file.status).toBe(200);
    expect((file.body as Buffer).toString('latin1')).toContain('Secret^Patient');
    const series = await bytes(admin, seriesPath, WHOLE_SERIES);
    expect(series.status).toBe(200);
    expect((series.body as Buffer).toString('latin1')).toContain('Secret Hospital');
  });
});
