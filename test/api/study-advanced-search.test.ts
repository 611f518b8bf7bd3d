/**
 * The study list's advanced search and list settings against real Orthanc and PostgreSQL
 * (issue 21): three filters (sex, modality, body part) return exactly the matching studies, a
 * fourth (a date range) narrows them, a user limited to one institution gets only what the
 * visibility module lets through; bad values are refused with the catalogue's messages by the
 * search and by the settings save; the user's last search and column changes are stored, and the
 * CSV file follows the columns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advancedSearchQuery, defaultSettings, MESSAGES, type AdvancedSearchValues, type UserSettings } from '@pacs/common';
import { API, signIn, type Session } from '../harness/api.ts';
import { tinyStudyUids, type TinyStudy } from '../harness/dicom.ts';
import { createReader, storeTinyStudies } from '../harness/fixtures.ts';
import { startStack, type Stack } from '../harness/stack.ts';

let stack: Stack;
let admin: Session;
let main: Session;

const MAIN = 'Main Hospital';
const study = (seed: string, fields: Partial<TinyStudy>): TinyStudy => ({
  seed,
  patientName: `Adv^${seed}`,
  patientId: seed.toUpperCase(),
  institutionName: MAIN,
  sex: 'F',
  modality: 'CT',
  bodyPart: 'CHEST',
  studyDate: '20240310',
  ...fields,
});

const STUDIES = [
  study('adv-match', {}),
  study('adv-match-old', { studyDate: '20230105' }),
  study('adv-other-site', { institutionName: 'Other Hospital' }),
  study('adv-head', { bodyPart: 'HEAD' }),
  study('adv-male', { sex: 'M' }),
  study('adv-mr', { modality: 'MR' }),
];
const uid = (seed: string) => tinyStudyUids(seed).study;

const THREE: AdvancedSearchValues = {
  PatientSex: { text: 'F' },
  ModalitiesInStudy: { values: ['CT'] },
  BodyPartsInStudy: { values: ['CHEST'] },
};

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  await storeTinyStudies(stack, admin, STUDIES);
  await createReader(admin, {
    id: 'mainreader',
    password: 'main-reader-pass',
    role: { name: 'Main hospital readers', permissions: { list: true, list_csv: true }, targets: { All: false, InstitutionName: [MAIN] } },
  });
  main = await signIn(stack.baseUrl, 'mainreader', 'main-reader-pass');
});

afterAll(async () => {
  await stack?.stop();
});

async function found(session: Session, values: AdvancedSearchValues): Promise<string[]> {
  const response = await session.agent
    .get(`${API}/studies/search`)
    .query({ ...advancedSearchQuery(values), limit: 100 })
    .expect(200);
  return (response.body.Items as { StudyInstanceUID: string }[]).map((item) => item.StudyInstanceUID).sort();
}

function replaceSettings(session: Session, key: string, value: unknown) {
  const last = key.split('.').at(-1)!;
  return session.agent
    .put(`${API}/settings/replace`)
    .set(session.csrf)
    .type('form')
    .send({ Id: session.account.Id, key, value: JSON.stringify({ [last]: value }) });
}

async function settingsOf(session: Session): Promise<UserSettings> {
  return (await session.agent.get(`${API}/service/settings`).expect(200)).body.Settings as UserSettings;
}

describe('advanced search', () => {
  it('three filters return exactly the matching studies; a date range narrows them', async () => {
    await expect(found(admin, THREE)).resolves.toEqual([uid('adv-match'), uid('adv-match-old'), uid('adv-other-site')].sort());
    await expect(found(admin, { ...THREE, StudyDate: { from: '2024-01-01', to: '2024-12-31' } })).resolves.toEqual(
      [uid('adv-match'), uid('adv-other-site')].sort(),
    );
    // Match types travel as wildcards: a forward match on the patient's name.
    await expect(found(admin, { ...THREE, PatientName: { text: 'adv^adv-match', type: 'forward' } })).resolves.toEqual(
      [uid('adv-match'), uid('adv-match-old')].sort(),
    );
  });

  it('still goes through the visibility module: an institution-limited reader gets only its studies', async () => {
    await expect(found(main, THREE)).resolves.toEqual([uid('adv-match'), uid('adv-match-old')].sort());
    await expect(found(main, { PatientID: { text: 'ADV-OTHER-SITE', type: 'perfect' } })).resolves.toEqual([]);
  });

  it('refuses bad values with the catalogue messages, by field', async () => {
    const refused = async (query: Record<string, string>) => {
      const response = await admin.agent.get(`${API}/studies/search`).query(query).expect(400);
      expect(response.body.code).toBe('validation_failed');
      return response.body.fields as Record<string, string>;
    };
    await expect(refused({ PatientSex: 'Q' })).resolves.toEqual({ PatientSex: MESSAGES.invalid });
    await expect(refused({ StudyDate: '20240301-20240101' })).resolves.toEqual({ StudyDate: MESSAGES.audit_range });
    await expect(refused({ BodyPartsInStudy: 'CHEST,<b>' })).resolves.toEqual({ BodyPartsInStudy: MESSAGES.invalid });
    await expect(refused({ ReportStatus: 'Signed' })).resolves.toEqual({ ReportStatus: MESSAGES.invalid });
    await expect(refused({ StudyDescription: `%${'x'.repeat(65)}%` })).resolves.toEqual({ StudyDescription: MESSAGES.max_length(64) });
    // The CSV of a search parses the same grammar.
    const csv = await admin.agent.post(`${API}/studies/csv`).query({ PatientSex: 'Q' }).set(admin.csrf).send({}).expect(400);
    expect(csv.body.fields).toEqual({ PatientSex: MESSAGES.invalid });
  });

  it("keeps the user's last search, and refuses one the search would refuse", async () => {
    await replaceSettings(main, 'list.last_search', THREE).expect(200);
    await expect(settingsOf(main)).resolves.toMatchObject({ list: { last_search: THREE } });
    const bad = await replaceSettings(main, 'list.last_search', {
      StudyDate: { from: '2024-03-01', to: '2024-01-01' },
      Priority: { text: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ 'list.last_search.Priority': MESSAGES.invalid });
    const reversed = await replaceSettings(main, 'list.last_search', { StudyDate: { from: '2024-03-01', to: '2024-01-01' } });
    expect(reversed.body.fields).toEqual({ 'list.last_search.StudyDate': MESSAGES.audit_range });
    await expect(settingsOf(main)).resolves.toMatchObject({ list: { last_search: THREE } });
  });
});

describe('list settings', () => {
  it('refuses widths outside 40–400 and a page size of 0, naming the members', async () => {
    const list = (await settingsOf(admin)).list;
    const wide = { ...list.fields, series: list.fields.series.map((column, at) => (at === 0 ? { ...column, width: 401 } : column)) };
    const response = await replaceSettings(admin, 'list', { ...list, fields: wide, limit: 0 }).expect(400);
    expect(response.body.fields).toEqual({ 'list.fields.series': MESSAGES.invalid, 'list.limit': MESSAGES.invalid });
    const narrow = list.fields.study.map((column) => (column.key === 'PatientID' ? { ...column, width: 39 } : column));
    await replaceSettings(admin, 'list.fields.study', narrow).expect(400);
  });

  it('column changes reach the CSV file: order, visibility and label', async () => {
    const csv = defaultSettings().list.fields.csv;
    const patientName = csv.find((column) => column.key === 'PatientName')!;
    const changed = [
      { ...patientName, label: 'Name (as registered)' },
      ...csv
        .filter((column) => column.key !== 'PatientName')
        .map((column) => ({ ...column, is_visible: ['PatientID', 'ModalitiesInStudy'].includes(column.key) })),
    ];
    await replaceSettings(main, 'list.fields.csv', changed).expect(200);
    const response = await main.agent
      .post(`${API}/studies/csv`)
      .query(advancedSearchQuery(THREE))
      .set(main.csrf)
      .send({})
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const lines = (response.body as Buffer).subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Name (as registered),Patient ID,Modality');
    expect(lines.slice(1).sort()).toEqual(['Adv adv-match,ADV-MATCH,CT', 'Adv adv-match-old,ADV-MATCH-OLD,CT']);
  });
});
