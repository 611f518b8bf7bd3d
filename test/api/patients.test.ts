/**
 * Patient records against a real Orthanc and PostgreSQL (issue 17, "Patients"): the import builds
 * one record per PatientID of the archive, once; a PatientID arriving afterwards adds one; the
 * quick search's four match types, with LIKE metacharacters taken literally; add, change, delete;
 * the rules of a record refused with the catalogue's messages; who may call what.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPatientTerm, MESSAGES, type MatchType, type Patient, type PatientList } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { createReader, storeTinyStudies } from '../harness/fixtures.ts';
import type { TinyStudy } from '../harness/dicom.ts';
import type { DbClient } from '../../adapter/src/db/pool.ts';
import { emptyBatch, type StudyRecord } from '../../adapter/src/study-index/records.ts';
import { writeBatch } from '../../adapter/src/study-index/study-index.sql.ts';

let stack: Stack;
let admin: Session;
let technologist: Session;
let reader: Session;
let outsider: Session;

const ARCHIVE: TinyStudy[] = [
  { seed: 'pat-1a', patientId: 'PAT-100', patientName: 'Alpha^One', sex: 'F' },
  { seed: 'pat-1b', patientId: 'PAT-100', patientName: 'Alpha^One', sex: 'F' },
  { seed: 'pat-1c', patientId: 'PAT-100', patientName: 'Alpha^One', sex: 'F' },
  { seed: 'pat-2', patientId: 'PAT-200', patientName: 'Beta^Two', sex: 'M' },
  { seed: 'pat-3', patientId: 'X%Y', patientName: 'Percent^Sign' },
  { seed: 'pat-4', patientId: 'X_Y', patientName: 'Under^Score' },
  { seed: 'pat-5', patientId: 'XAY', patientName: 'Plain^Letter' },
];
/** A study the index writes while the import runs (the race test): one more PatientID. */
const RACING = 'RACE-1';
const ARCHIVE_IDS = ['PAT-100', 'PAT-200', 'X%Y', 'X_Y', 'XAY', RACING];

/** A study row as the indexer writes it, for a batch the test holds open. */
function racingStudy(): StudyRecord {
  const blank = { patientBirthDate: '', patientAge: '', patientComments: '', studyTime: '', accessionNumber: '', studyDescription: '' };
  return {
    ...blank,
    orthancId: 'race-orthanc-id',
    studyInstanceUid: '2.25.777',
    patientId: RACING,
    patientName: 'Race^Condition',
    patientSex: 'M',
    studyDate: '20240102',
    studyId: '',
    referringPhysicianName: '',
    performingPhysicianName: '',
    institutionName: '',
    aeTitle: '',
  };
}

const form = (session: Session, method: 'post' | 'patch', path: string, fields: Record<string, string>) =>
  session.agent[method](`${API}${path}`).set(session.csrf).type('form').send(fields);

async function search(session: Session, query: Record<string, string | number>): Promise<PatientList> {
  return (await session.agent.get(`${API}/patients/search`).query(query).expect(200)).body as PatientList;
}

/** The PatientIDs a quick search on the ID finds, sorted. */
async function idsFound(text: string, type: MatchType, session = admin): Promise<string[]> {
  const list = await search(session, { PatientID: formatPatientTerm(text, type), limit: 1000 });
  return list.Items.map((item) => item.PatientID).sort();
}

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(stack, admin, ARCHIVE);
  const role = (name: string, permissions: Record<string, boolean>, targets: Record<string, unknown> = { All: true }) => ({
    name,
    permissions,
    targets,
  });
  await createReader(admin, { id: 'tech', password: 'tech-pass-1', role: role('Technologists', { mwm: true }) });
  await createReader(admin, { id: 'listonly', password: 'list-pass-1', role: role('List only', { list: true, viewer: true }) });
  await createReader(admin, {
    id: 'outsider',
    password: 'outsider-pass-1',
    role: role('Elsewhere', { mwm: true }, { All: false, AETitle: ['NOBODY'], InstitutionName: [], Modality: [] }),
  });
  technologist = await signIn(stack.baseUrl, 'tech', 'tech-pass-1');
  reader = await signIn(stack.baseUrl, 'listonly', 'list-pass-1');
  outsider = await signIn(stack.baseUrl, 'outsider', 'outsider-pass-1');
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the patient import', () => {
  it('creates exactly one record per PatientID of the archive, once, also of a batch being written meanwhile', async () => {
    expect((await admin.agent.get(`${API}/configs/get`).query({ key: 'mwm.is_patient_imported' }).expect(200)).body).toBe(false);
    // An index batch in flight: its studies are not committed when the import is asked for.
    const indexer = new pg.Client(stack.config.pg);
    await indexer.connect();
    await indexer.query('begin');
    const batch = emptyBatch();
    batch.studies.set('race-orthanc-id', racingStudy());
    await writeBatch(indexer as unknown as DbClient, batch);
    const importing = form(technologist, 'post', '/patients/createinformations', {}).then((response) => response);
    let answered = false;
    void importing.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 700));
    // The import waits for the batch (the configs row's lock), then reads its study.
    expect(answered).toBe(false);
    await indexer.query('commit');
    await indexer.end();
    const first = await importing;
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ Created: ARCHIVE_IDS.length, Total: ARCHIVE_IDS.length });
    const rows = await stack.sql<{ patient_id: string; n: string }>('select patient_id, count(*) as n from patients group by patient_id');
    expect(rows.map((row) => row.patient_id).sort()).toEqual([...ARCHIVE_IDS].sort());
    expect(rows.every((row) => Number(row.n) === 1)).toBe(true);

    const again = await form(admin, 'post', '/patients/createinformations', {}).expect(200);
    expect(again.body).toEqual({ Created: 0, Total: ARCHIVE_IDS.length });
    expect((await admin.agent.get(`${API}/configs/get`).query({ key: 'mwm.is_patient_imported' }).expect(200)).body).toBe(true);
  });

  it('takes the demographics of the archive', async () => {
    const patient = (await admin.agent.get(`${API}/patients/informationfromid`).query({ id: 'PAT-100' }).expect(200)).body as Patient;
    expect(patient).toMatchObject({ PatientID: 'PAT-100', PatientName: 'Alpha^One', PatientSex: 'F', PatientBirthDate: '19600101' });
  });

  it('adds a record when a study with a new PatientID arrives afterwards, and only one', async () => {
    await storeTinyStudies(stack, admin, [{ seed: 'pat-6', patientId: 'PAT-300', patientName: 'Gamma^Late', sex: 'O' }], {
      total: ARCHIVE.length + 1,
    });
    const deadline = Date.now() + 30_000;
    let answer = await admin.agent.get(`${API}/patients/informationfromid`).query({ id: 'PAT-300' });
    while (answer.status === 404 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      answer = await admin.agent.get(`${API}/patients/informationfromid`).query({ id: 'PAT-300' });
    }
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ PatientName: 'Gamma^Late', PatientSex: 'O' });
    expect((await search(admin, {})).Count).toBe(ARCHIVE_IDS.length + 1);
  });
});

describe('quick search', () => {
  it('finds by each match type, ignoring case', async () => {
    expect(await idsFound('at-1', 'partial')).toEqual(['PAT-100']);
    expect(await idsFound('pat-200', 'perfect')).toEqual(['PAT-200']);
    expect(await idsFound('PAT-', 'forward')).toEqual(['PAT-100', 'PAT-200', 'PAT-300']);
    expect(await idsFound('00', 'backward')).toEqual(['PAT-100', 'PAT-200', 'PAT-300']);
    expect(await idsFound('AT-', 'perfect')).toEqual([]);
    expect(await idsFound('PAT', 'backward')).toEqual([]);
  });

  it('takes % and _ in the term literally', async () => {
    expect(await idsFound('X%Y', 'perfect')).toEqual(['X%Y']);
    expect(await idsFound('%', 'partial')).toEqual(['X%Y']);
    expect(await idsFound('_', 'partial')).toEqual(['X_Y']);
    expect(await idsFound('X_', 'forward')).toEqual(['X_Y']);
    expect(await idsFound('%Y', 'backward')).toEqual(['X%Y']);
  });

  it('searches names by their parts, and the keyword in IDs and names', async () => {
    const byName = await search(admin, { PatientName: formatPatientTerm('one', 'partial') });
    expect(byName.Items.map((item) => item.PatientID)).toEqual(['PAT-100']);
    const byNameParts = await search(admin, { PatientName: formatPatientTerm('alpha one', 'perfect') });
    expect(byNameParts.Items.map((item) => item.PatientID)).toEqual(['PAT-100']);
    const keyword = await search(admin, { Keyword: formatPatientTerm('beta', 'forward') });
    expect(keyword.Items.map((item) => item.PatientID)).toEqual(['PAT-200']);
  });

  it('pages, and orders by UpdatedAt descending by default', async () => {
    const page = await search(admin, { limit: 2, offset: 1 });
    expect(page).toMatchObject({ Count: ARCHIVE_IDS.length + 1, Limit: 2, Offset: 1 });
    expect(page.Items).toHaveLength(2);
    const all = (await search(admin, {})).Items.map((item) => item.UpdatedAt);
    expect(all).toEqual([...all].sort().reverse());
    expect((await search(admin, { orderby: 'patientid asc' })).Items[0]!.PatientID).toBe('PAT-100');
    await admin.agent.get(`${API}/patients/search`).query({ orderby: 'password' }).expect(400);
  });
});

describe('adding, changing and deleting records', () => {
  let no: number;

  it('adds a record that search, information and informationfromid then answer', async () => {
    const fields = { ID: 'NEW-1', Name: 'Delta^New', Sex: 'M', BirthDate: '1985-07-08', Comments: 'Allergic to contrast' };
    const added = (await form(technologist, 'post', '/patients/addinformation', fields).expect(200)).body as Patient;
    expect(added).toMatchObject({ PatientID: 'NEW-1', PatientBirthDate: '19850708', PatientComments: 'Allergic to contrast' });
    no = added.No;
    expect((await admin.agent.get(`${API}/patients/information/`).query({ no }).expect(200)).body).toEqual(added);
    expect((await search(admin, { limit: 1 })).Items[0]!.PatientID).toBe('NEW-1');
  });

  it('refuses a PatientID that already has a record', async () => {
    const answer = await form(admin, 'post', '/patients/addinformation', { ID: 'PAT-100', Name: 'Other' }).expect(409);
    expect(answer.body).toMatchObject({ code: 'already_exists', fields: { ID: MESSAGES.already_exists } });
    const change = await form(admin, 'patch', '/patients/updateinformation', { No: String(no), ID: 'PAT-200' }).expect(409);
    expect(change.body).toMatchObject({ code: 'already_exists' });
  });

  it('changes a record', async () => {
    const fields = { No: String(no), ID: 'NEW-1B', Name: 'Delta^Renamed', Sex: 'F', BirthDate: '19850709', Comments: '' };
    const changed = (await form(admin, 'patch', '/patients/updateinformation', fields).expect(200)).body as Patient;
    expect(changed).toMatchObject({ No: no, PatientID: 'NEW-1B', PatientName: 'Delta^Renamed', PatientSex: 'F', PatientComments: '' });
    await admin.agent.get(`${API}/patients/informationfromid`).query({ id: 'NEW-1' }).expect(404);
  });

  it('deletes a record', async () => {
    await admin.agent.delete(`${API}/patients/deleteinformation`).query({ no }).set(admin.csrf).expect(200);
    await admin.agent.get(`${API}/patients/information`).query({ no }).expect(404);
    await admin.agent.delete(`${API}/patients/deleteinformation`).query({ no }).set(admin.csrf).expect(404);
  });

  it('refuses bad input with the catalogue’s messages, and never answers 500', async () => {
    const bad = async (fields: Record<string, string>) => (await form(admin, 'post', '/patients/addinformation', fields).expect(400)).body;
    expect(await bad({ ID: '' })).toMatchObject({ code: 'validation_failed', fields: { ID: MESSAGES.required } });
    expect(await bad({ ID: 'B-1', Sex: 'X' })).toMatchObject({ fields: { Sex: MESSAGES.invalid } });
    expect(await bad({ ID: 'B-1', BirthDate: '2024-13-01' })).toMatchObject({ fields: { BirthDate: MESSAGES.invalid } });
    expect(await bad({ ID: 'B-1', Name: 'N'.repeat(65) })).toMatchObject({ fields: { Name: MESSAGES.max_length(64) } });
    expect(await bad({ ID: 'I'.repeat(65) })).toMatchObject({ fields: { ID: MESSAGES.max_length(64) } });
    expect(await bad({ ID: 'A\\B' })).toMatchObject({ fields: { ID: MESSAGES.invalid } });
    await form(admin, 'patch', '/patients/updateinformation', { No: 'x', ID: 'B-1' }).expect(400);
    await admin.agent.get(`${API}/patients/information`).query({ no: '99999999999999999999' }).expect(400);
    await admin.agent
      .get(`${API}/patients/search`)
      .query({ PatientID: ['a', 'b'], limit: '0' })
      .expect(400);
    expect(await stack.sql(`select 1 from patients where patient_id = 'B-1'`)).toEqual([]);
  });
});

describe('who may call what', () => {
  it('refuses users without mwm or admin, and changes by worklist users', async () => {
    await reader.agent.get(`${API}/patients/search`).expect(403);
    await reader.agent.get(`${API}/patients/informationfromid`).query({ id: 'PAT-100' }).expect(403);
    await form(reader, 'post', '/patients/addinformation', { ID: 'R-1' }).expect(403);
    await form(reader, 'post', '/patients/createinformations', {}).expect(403);
    const record = (await search(technologist, { PatientID: 'PAT-200' })).Items[0]!;
    await form(technologist, 'patch', '/patients/updateinformation', { No: String(record.No), ID: 'PAT-200', Name: 'X' }).expect(403);
    await technologist.agent.delete(`${API}/patients/deleteinformation`).query({ no: record.No }).set(technologist.csrf).expect(403);
  });

  it('shows a user limited by targets no record of studies it cannot see, but records without studies', async () => {
    expect((await search(outsider, {})).Items).toEqual([]);
    await outsider.agent.get(`${API}/patients/informationfromid`).query({ id: 'PAT-100' }).expect(404);
    const mine = (await form(outsider, 'post', '/patients/addinformation', { ID: 'WALK-IN-1', Name: 'Walk^In' }).expect(200))
      .body as Patient;
    expect((await search(outsider, {})).Items.map((item) => item.No)).toEqual([mine.No]);
  });
});
