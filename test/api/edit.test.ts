/**
 * Editing tags (issue 16, "Edit") against real Orthanc and PostgreSQL: the new values reach the
 * list, the stored file (read back with dcmtk's dcmdump) and the report PDF, with every UID and
 * everything attached to the study kept; a new PatientID keeps the index row while Orthanc holds
 * only the new resources; a patient-level edit reaches only what the caller sees; an edit never
 * changes who sees a study; bad values answer 400 with the catalogue's message.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { createReader, storeTinyStudies } from '../harness/fixtures.ts';

let stack: Stack;
let admin: Session;
let northEditor: Session;
let noEdit: Session;
let aeReader: Session;
const dir = mkdtempSync(join(tmpdir(), 'pacs-edit-'));
const one = tinyStudyUids('edit-1');
const two = tinyStudyUids('edit-2');
const three = tinyStudyUids('edit-3');
const EDITING = { list: true, list_edit: true, list_note: true, report: true, report_save: true, report_pdf: true };

async function orthanc<T>(path: string): Promise<T> {
  const { url, user, password } = stack.config.orthanc;
  const response = await fetch(`${url}${path}`, {
    headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') },
  });
  expect(response.ok).toBe(true);
  return (response.headers.get('content-type')?.includes('json') ? response.json() : Buffer.from(await response.arrayBuffer())) as T;
}

/** The stored file of a study's first instance, as dcmdump prints it. */
async function dump(studyUid: string): Promise<string> {
  const [row] = await stack.sql<{ orthanc_id: string }>(
    `select i.orthanc_id from instances i join series s on s.id = i.series_id join studies st on st.id = s.study_id
      where st.study_instance_uid = $1 order by i.id limit 1`,
    [studyUid],
  );
  const file = join(dir, `${studyUid}.dcm`);
  writeFileSync(file, await orthanc<Buffer>(`/instances/${row!.orthanc_id}/file`));
  return execFileSync('dcmdump', ['+U8', file], { encoding: 'utf8' });
}

const tagLine = (text: string, name: string) => text.split('\n').find((line) => line.trimEnd().endsWith(name)) ?? '';

function editStudy(session: Session, body: Record<string, unknown>) {
  return session.agent.patch(`${API}/studies/edit`).set(session.csrf).send(body);
}

function find(session: Session, uid: string) {
  return session.agent.get(`${API}/studies/find`).query({ uid });
}

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  await storeTinyStudies(
    stack,
    admin,
    [
      { seed: 'edit-1', patientName: 'Doe^John', patientId: 'P-1', institutionName: 'North', modality: 'CT', studyDescription: 'Chest' },
      { seed: 'edit-2', patientName: 'Doe^John', patientId: 'P-1', institutionName: 'South', modality: 'CT' },
      { seed: 'edit-3', patientName: 'Roe^Ann', patientId: 'P-3', institutionName: 'North', modality: 'MR' },
    ],
    { callingAet: 'MODALITY1' },
  );
  await createReader(admin, {
    id: 'north_editor',
    password: 'edit-pass-1',
    role: { name: 'North editors', permissions: EDITING, targets: { All: false, InstitutionName: ['North'] } },
  });
  await createReader(admin, { id: 'no_edit', password: 'edit-pass-2', role: { name: 'Readers', permissions: { list: true } } });
  await createReader(admin, {
    id: 'ae_reader',
    password: 'edit-pass-3',
    role: { name: 'Modality 1 readers', permissions: { list: true }, targets: { All: false, AETitle: ['MODALITY1'] } },
  });
  [northEditor, noEdit, aeReader] = await Promise.all([
    signIn(stack.baseUrl, 'north_editor', 'edit-pass-1'),
    signIn(stack.baseUrl, 'no_edit', 'edit-pass-2'),
    signIn(stack.baseUrl, 'ae_reader', 'edit-pass-3'),
  ]);
});

afterAll(async () => {
  await stack?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('study edit', () => {
  it('writes the new values into the file, the list and the report PDF, keeping UIDs, notes, favourites and reports', async () => {
    await admin.agent
      .patch(`${API}/studies/update`)
      .set(admin.csrf)
      .type('form')
      .send({ UID: one.study, IsFavorite: 'true', Note: 'check' })
      .expect(200);
    const report = await admin.agent
      .post(`${API}/reports/create`)
      .set(admin.csrf)
      .type('form')
      .send({ uid: one.study, status: 'Final', title: 'CT chest', findings: 'Normal.' })
      .expect(200);
    const [before] = await stack.sql<{ id: number }>('select id from studies where study_instance_uid = $1', [one.study]);

    const answer = await editStudy(admin, {
      StudyInstanceUID: one.study,
      Tags: {
        PatientName: 'Doe^Jane',
        PatientSex: 'F',
        PatientAge: '045Y',
        StudyDescription: 'Chest, corrected',
        StudyDate: '2024-03-05',
        StudyTime: '09:30:00',
        AccessionNumber: 'ACC-9',
      },
    }).expect(200);
    expect(answer.body.Studies).toBe(1);
    expect(answer.body.Changes).toContainEqual({ Tag: 'PatientName', Old: 'Doe^John', New: 'Doe^Jane' });
    expect(answer.body.Changes).toContainEqual({ Tag: 'StudyDate', Old: '20240102', New: '20240305' });

    // The index follows at once: no wait for the /changes follower.
    const search = await admin.agent.get(`${API}/studies/search`).query({ PatientName: 'Doe^Jane' }).expect(200);
    expect(search.body.Items.map((item: { StudyInstanceUID: string }) => item.StudyInstanceUID)).toEqual([one.study]);
    const found = (await find(admin, one.study).expect(200)).body;
    expect(found).toMatchObject({
      PatientName: 'Doe^Jane',
      PatientSex: 'F',
      PatientAge: '045Y',
      StudyDescription: 'Chest, corrected',
      StudyDate: '20240305',
      AccessionNumber: 'ACC-9',
      IsFavorite: true,
      Note: 'check',
    });
    expect(found.StudyTime).toMatch(/^093000/);

    const file = await dump(one.study);
    expect(tagLine(file, 'PatientName')).toContain('[Doe^Jane]');
    expect(tagLine(file, 'PatientSex')).toContain('[F]');
    expect(tagLine(file, 'StudyDate')).toContain('[20240305]');
    expect(tagLine(file, 'StudyInstanceUID')).toContain(`[${one.study}]`);
    expect(tagLine(file, 'SeriesInstanceUID')).toContain(`[${one.series}]`);
    expect(tagLine(file, 'SOPInstanceUID')).toContain(`[${one.instance}]`);

    const [after] = await stack.sql<{ id: number }>('select id from studies where study_instance_uid = $1', [one.study]);
    expect(after!.id).toBe(before!.id);
    const reports = await admin.agent.get(`${API}/reports/fromstudy`).query({ uid: one.study });
    expect(JSON.stringify(reports.body)).toContain('CT chest');

    const pdf = await admin.agent
      .get(`${API}/documents/pdf`)
      .query({ id: report.body.Id })
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    writeFileSync(join(dir, 'report.pdf'), pdf.body as Buffer);
    const text = execFileSync('pdftotext', [join(dir, 'report.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('Jane');
    expect(text).not.toContain('John');
  });

  it('records who changed which tags from what to what', async () => {
    const history = await admin.agent.get(`${API}/studies/edits`).query({ uid: one.study }).expect(200);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ Account: 'admin', Level: 'study', StudyInstanceUID: one.study, SeriesInstanceUID: null });
    expect(history.body[0].Changes).toContainEqual({ Tag: 'PatientSex', Old: 'O', New: 'F' });
    const rows = await stack.sql('select account_id, level, changes from study_edits');
    expect(rows).toHaveLength(1);
  });

  it('leaves the study with the sender it had: who sees it by AE title still does', async () => {
    // The rewritten files carry no RemoteAET in Orthanc; the index keeps the first instance's.
    expect((await find(aeReader, one.study)).status).toBe(200);
    const [row] = await stack.sql<{ ae_title: string; institution_name: string }>(
      'select ae_title, institution_name from studies where study_instance_uid = $1',
      [one.study],
    );
    expect(row).toEqual({ ae_title: 'MODALITY1', institution_name: 'North' });
  });
});

describe('series and instance edit', () => {
  it('edits a series description, number and body part', async () => {
    const answer = await admin.agent
      .patch(`${API}/series/edit`)
      .set(admin.csrf)
      .send({
        StudyInstanceUID: one.study,
        SeriesInstanceUID: one.series,
        Tags: { SeriesDescription: 'Axial', SeriesNumber: '5', BodyPartExamined: 'CHEST' },
      })
      .expect(200);
    expect(answer.body.Studies).toBe(1);
    const series = (await admin.agent.get(`${API}/series/fromstudy`).query({ uid: one.study }).expect(200)).body;
    expect(series).toHaveLength(1);
    expect(series[0]).toMatchObject({
      SeriesInstanceUID: one.series,
      SeriesDescription: 'Axial',
      SeriesNumber: 5,
      BodyPartExamined: 'CHEST',
    });
    expect(tagLine(await dump(one.study), 'SeriesDescription')).toContain('[Axial]');
  });

  it('edits an instance number', async () => {
    await admin.agent
      .patch(`${API}/instances/edit`)
      .set(admin.csrf)
      .send({ StudyInstanceUID: one.study, SeriesInstanceUID: one.series, SOPInstanceUID: one.instance, Tags: { InstanceNumber: '9' } })
      .expect(200);
    const instances = (await admin.agent.get(`${API}/instances/fromseries`).query({ uid: one.series }).expect(200)).body;
    expect(instances).toMatchObject([{ SOPInstanceUID: one.instance, InstanceNumber: 9 }]);
    const file = await dump(one.study);
    expect(tagLine(file, 'InstanceNumber')).toContain('[9]');
    expect(tagLine(file, 'SOPInstanceUID')).toContain(`[${one.instance}]`);
    const levels = await stack.sql<{ level: string }>('select level from study_edits order by id');
    expect(levels.map((row) => row.level)).toEqual(['study', 'series', 'instance']);
  });

  it('answers 404 for a series or instance that is not inside the study', async () => {
    await admin.agent
      .patch(`${API}/series/edit`)
      .set(admin.csrf)
      .send({ StudyInstanceUID: one.study, SeriesInstanceUID: two.series, Tags: { SeriesDescription: 'x' } })
      .expect(404);
    await admin.agent
      .patch(`${API}/instances/edit`)
      .set(admin.csrf)
      .send({ StudyInstanceUID: one.study, SeriesInstanceUID: one.series, SOPInstanceUID: two.instance, Tags: { InstanceNumber: '1' } })
      .expect(404);
  });
});

describe('a new PatientID', () => {
  it('keeps the index row and what hangs off it, and Orthanc holds only the new resources', async () => {
    await admin.agent.patch(`${API}/studies/update`).set(admin.csrf).type('form').send({ UID: three.study, Note: 'moved' }).expect(200);
    const [before] = await stack.sql<{ id: number; orthanc_id: string }>(
      'select id, orthanc_id from studies where study_instance_uid = $1',
      [three.study],
    );
    const answer = await editStudy(admin, { StudyInstanceUID: three.study, Tags: { PatientID: 'P-3B', PatientName: 'Roe^Anne' } }).expect(
      200,
    );
    expect(answer.body.Studies).toBe(1);

    const rows = await stack.sql<{ id: number; orthanc_id: string; patient_id: string }>(
      'select id, orthanc_id, patient_id from studies where study_instance_uid = $1',
      [three.study],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(before!.id);
    expect(rows[0]!.patient_id).toBe('P-3B');
    expect(rows[0]!.orthanc_id).not.toBe(before!.orthanc_id);

    // Orthanc: the old study is gone, the new one holds the same UIDs under the new PatientID.
    const studies = await orthanc<string[]>('/studies');
    expect(studies).not.toContain(before!.orthanc_id);
    expect(studies).toContain(rows[0]!.orthanc_id);
    const study = await orthanc<{ PatientMainDicomTags: { PatientID: string }; MainDicomTags: { StudyInstanceUID: string } }>(
      `/studies/${rows[0]!.orthanc_id}`,
    );
    expect(study.PatientMainDicomTags.PatientID).toBe('P-3B');
    expect(study.MainDicomTags.StudyInstanceUID).toBe(three.study);
    const file = await dump(three.study);
    expect(tagLine(file, 'SOPInstanceUID')).toContain(`[${three.instance}]`);
    expect(tagLine(file, 'PatientID')).toContain('[P-3B]');

    // The /changes follower then sees the new instances and the deletion: the row stays, alone.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const settled = await stack.sql<{ id: number; note: string }>('select id, note from studies where study_instance_uid = $1', [
      three.study,
    ]);
    expect(settled).toEqual([{ id: before!.id, note: 'moved' }]);
    const counts = await stack.sql<{ n: number }>(
      `select count(*)::int as n from instances i join series s on s.id = i.series_id join studies st on st.id = s.study_id
        where st.study_instance_uid = $1`,
      [three.study],
    );
    expect(counts[0]!.n).toBe(1);
    expect((await find(northEditor, three.study)).body).toMatchObject({ PatientID: 'P-3B', PatientName: 'Roe^Anne', Note: 'moved' });
  });
});

describe('patient-level edit', () => {
  it('changes only the studies of the patient the caller sees, and says how many', async () => {
    const mine = await editStudy(northEditor, {
      StudyInstanceUID: one.study,
      Tags: { PatientBirthDate: '1961-02-03' },
      AllStudiesOfPatient: true,
    }).expect(200);
    // P-1 has two studies; the North editor sees one of them.
    expect(mine.body.Studies).toBe(1);
    expect((await find(admin, one.study)).body.PatientBirthDate).toBe('19610203');
    expect((await find(admin, two.study)).body.PatientBirthDate).toBe('19600101');

    const all = await editStudy(admin, {
      StudyInstanceUID: one.study,
      Tags: { PatientComments: 'Allergic to contrast' },
      AllStudiesOfPatient: true,
    }).expect(200);
    expect(all.body.Studies).toBe(2);
    expect((await find(admin, two.study)).body.PatientComments).toBe('Allergic to contrast');
    expect(tagLine(await dump(two.study), 'PatientComments')).toContain('[Allergic to contrast]');
    const levels = await stack.sql<{ level: string; study_instance_uid: string }>(
      `select level, study_instance_uid from study_edits where level = 'patient' order by id`,
    );
    expect(levels.map((row) => row.study_instance_uid)).toEqual([one.study, one.study, two.study]);
  });
});

describe('who may edit', () => {
  it('answers 403 without list_edit, and 404 for a study the caller does not see', async () => {
    await editStudy(noEdit, { StudyInstanceUID: one.study, Tags: { PatientName: 'X' } }).expect(403);
    await editStudy(northEditor, { StudyInstanceUID: two.study, Tags: { PatientName: 'X' } }).expect(404);
    await northEditor.agent.get(`${API}/studies/edits`).query({ uid: two.study }).expect(404);
    expect((await find(admin, two.study)).body.PatientName).toBe('Doe^John');
  });

  it('offers neither InstitutionName nor ReferringPhysicianName: who sees a study cannot be changed by editing it', async () => {
    for (const tag of ['InstitutionName', 'ReferringPhysicianName']) {
      const answer = await editStudy(northEditor, { StudyInstanceUID: one.study, Tags: { [tag]: 'South' } }).expect(400);
      expect(answer.body.fields).toEqual({ [tag]: MESSAGES.invalid });
    }
    // An edit by the North editor leaves the study where it was: North sees it, South-only does not gain it.
    await editStudy(northEditor, { StudyInstanceUID: one.study, Tags: { StudyDescription: 'North edit' } }).expect(200);
    expect((await find(northEditor, one.study)).status).toBe(200);
    expect((await find(aeReader, one.study)).status).toBe(200);
    const [row] = await stack.sql('select institution_name, ae_title from studies where study_instance_uid = $1', [one.study]);
    expect(row).toEqual({ institution_name: 'North', ae_title: 'MODALITY1' });
    expect(tagLine(await dump(one.study), 'InstitutionName')).toContain('[North]');
  });
});

describe('validation', () => {
  const cases: [string, string, string][] = [
    ['PatientSex', 'X', MESSAGES.invalid],
    ['StudyDate', '2024-02-30', MESSAGES.invalid],
    ['PatientBirthDate', '1999/13/01', MESSAGES.invalid],
    ['StudyTime', '25:00:00', MESSAGES.invalid],
    ['PatientAge', '45Y', MESSAGES.invalid],
    ['PatientID', '', MESSAGES.required],
    ['StudyDescription', 'x'.repeat(65), MESSAGES.max_length(64)],
    ['PatientName', 'A\\B', MESSAGES.invalid],
  ];
  it.each(cases)('refuses %s = %j with 400 and the catalogue message', async (tag, value, message) => {
    const answer = await editStudy(admin, { StudyInstanceUID: one.study, Tags: { [tag]: value } }).expect(400);
    expect(answer.body.fields).toEqual({ [tag]: message });
  });

  it('refuses bad shapes with 400, never 500', async () => {
    for (const body of [
      {},
      { StudyInstanceUID: one.study },
      { StudyInstanceUID: one.study, Tags: {} },
      { StudyInstanceUID: one.study, Tags: [] },
      { StudyInstanceUID: one.study, Tags: { PatientName: 5 } },
      { StudyInstanceUID: 'not a uid', Tags: { PatientName: 'X' } },
      { StudyInstanceUID: one.study, Tags: { PatientName: 'X' }, AllStudiesOfPatient: 'maybe' },
    ]) {
      expect((await editStudy(admin, body)).status).toBe(400);
    }
    await admin.agent
      .patch(`${API}/series/edit`)
      .set(admin.csrf)
      .send({ StudyInstanceUID: one.study, SeriesInstanceUID: one.series, Tags: { PatientName: 'x' } })
      .expect(400);
    await admin.agent
      .patch(`${API}/instances/edit`)
      .set(admin.csrf)
      .send({ StudyInstanceUID: one.study, SeriesInstanceUID: one.series, SOPInstanceUID: one.instance, Tags: { InstanceNumber: '1.5' } })
      .expect(400);
  });
});
