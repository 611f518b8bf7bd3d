/**
 * The study list as CSV (POST /studies/csv): UTF-8 with a BOM, columns and header from the
 * caller's settings, dates in the site's date format, RFC 4180 quoting with a formula guard,
 * visibility and permission, the row bound and the search grammar's refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_ROW_LIMIT, defaultColumnLabel, defaultSettings } from '@pacs/common';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { tinyStudyUids } from '../harness/dicom.ts';
import { createReader, storeTinyStudies } from '../harness/fixtures.ts';

let stack: Stack;
let admin: Session;
let clerk: Session;
let outsider: Session;
let lister: Session;

const JP = tinyStudyUids('csv-jp');
const FORMULA = tinyStudyUids('csv-formula');
const OTHER = tinyStudyUids('csv-other');

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  await storeTinyStudies(stack, admin, [
    {
      seed: 'csv-jp',
      patientName: 'Yamada^Tarou=山田^太郎=やまだ^たろう',
      patientId: 'JP-1',
      institutionName: 'Main Hospital',
      studyDescription: 'Chest, "PA"',
      modality: 'CT',
    },
    { seed: 'csv-formula', patientName: 'Formula^Test', patientId: 'F-1', institutionName: 'Main Hospital', studyDescription: '=SUM(1+1)' },
    { seed: 'csv-other', patientName: 'Other^Patient', patientId: 'O-1', institutionName: 'Other Hospital', studyDescription: 'Head' },
  ]);
  await createReader(admin, {
    id: 'clerk',
    password: 'clerk-pass',
    role: { name: 'CSV clerks', permissions: { list: true, list_csv: true } },
  });
  await createReader(admin, {
    id: 'outsider',
    password: 'outsider-pass',
    role: {
      name: 'Other hospital',
      permissions: { list: true, list_csv: true },
      targets: { All: false, InstitutionName: ['Other Hospital'] },
    },
  });
  await createReader(admin, { id: 'lister', password: 'lister-pass', role: { name: 'Listers', permissions: { list: true } } });
  clerk = await signIn(stack.baseUrl, 'clerk', 'clerk-pass');
  outsider = await signIn(stack.baseUrl, 'outsider', 'outsider-pass');
  lister = await signIn(stack.baseUrl, 'lister', 'lister-pass');
});
afterAll(async () => {
  await stack?.stop();
});

/** RFC 4180 records, for reading an answer back. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) throw new Error(`the CSV does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return records;
}

interface CsvAnswer {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
  body: { code?: string; fields?: Record<string, string> };
}

async function downloadCsv(session: Session, query: Record<string, string> = {}, body: object = {}): Promise<CsvAnswer> {
  const response = await session.agent
    .post(`${API}/studies/csv`)
    .query(query)
    .set(session.csrf)
    .send(body)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  const bytes = response.body as Buffer;
  const json = response.headers['content-type']?.startsWith('application/json')
    ? (JSON.parse(bytes.toString('utf8')) as CsvAnswer['body'])
    : {};
  return { status: response.status, headers: response.headers as Record<string, string>, bytes, body: json };
}

/** The records of a 200 answer, after checking the BOM. */
function records(answer: CsvAnswer): string[][] {
  expect(answer.status).toBe(200);
  expect([...answer.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(answer.bytes.subarray(3).toString('utf8'));
}

const DEFAULT_CSV_KEYS = [
  'PatientID',
  'PatientName',
  'PatientBirthDate',
  'PatientAge',
  'PatientSex',
  'StudyDateTime',
  'ModalitiesInStudy',
  'BodyPartsInStudy',
  'StudyDescription',
  'AccessionNumber',
  'NumberOfStudyRelatedSeries',
  'NumberOfStudyRelatedInstances',
  'Institution',
  'ReferringPhysicianName',
  'ReportStatus',
];

describe('POST /studies/csv', () => {
  it('answers a UTF-8 attachment with a BOM, the default columns under a header, and Japanese names intact', async () => {
    const answer = await downloadCsv(admin, { orderby: 'patientid asc' });
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="studies-\d{8}-\d{6}\.csv"$/);
    expect(answer.headers['x-csv-rows']).toBe('3');
    expect(answer.headers['x-csv-limit']).toBe(String(CSV_ROW_LIMIT));
    expect(answer.headers['x-csv-truncated']).toBe('false');
    const [header, ...rows] = records(answer);
    expect(header).toEqual(DEFAULT_CSV_KEYS.map((key) => defaultColumnLabel(key)));
    expect(rows.map((row) => row[0])).toEqual(['F-1', 'JP-1', 'O-1']);
    const jp = rows[1]!;
    // The site's name form, kana by default (configs patient_name.ja).
    expect(jp[1]).toBe('やまだ たろう');
    expect(jp[2]).toBe('1960-01-01');
    expect(jp[5]).toBe('2024-01-02 10:15:00');
    expect(jp[6]).toBe('CT');
  });

  it('quotes fields with commas and quotes, and guards a formula with an apostrophe', async () => {
    const answer = await downloadCsv(admin, { orderby: 'patientid asc' });
    const text = answer.bytes.toString('utf8');
    expect(text).toContain('"Chest, ""PA"""');
    expect(text).toContain(",'=SUM(1+1),");
    const [, formula, jp] = records(answer);
    expect(jp![8]).toBe('Chest, "PA"');
    expect(formula![8]).toBe("'=SUM(1+1)");
  });

  it('titles the columns as the client asks, and falls back to the stored labels', async () => {
    const [header] = records(await downloadCsv(admin, {}, { Titles: { PatientID: '患者ID', PatientName: '患者名' } }));
    expect(header!.slice(0, 3)).toEqual(['患者ID', '患者名', defaultColumnLabel('PatientBirthDate')]);
  });

  it('follows the caller’s settings: list.fields.csv (visible, in order), list.csv.has_header, and the site’s date format', async () => {
    const stored = defaultSettings().list.fields.csv;
    const csv = ['PatientName', 'PatientBirthDate', 'StudyDescription', 'PatientID'].map((key) => ({
      ...stored.find((column) => column.key === key)!,
      is_visible: key !== 'StudyDescription',
    }));
    await clerk.agent
      .put(`${API}/settings/replace`)
      .set(clerk.csrf)
      .type('form')
      .send({ key: 'list.fields.csv', value: JSON.stringify({ csv }) })
      .expect(200);
    const [header, ...rows] = records(await downloadCsv(clerk, { PatientID: 'JP-1' }));
    expect(header).toEqual([defaultColumnLabel('PatientName'), defaultColumnLabel('PatientBirthDate'), defaultColumnLabel('PatientID')]);
    expect(rows).toEqual([['やまだ たろう', '1960-01-01', 'JP-1']]);

    await clerk.agent
      .put(`${API}/settings/replace`)
      .set(clerk.csrf)
      .type('form')
      .send({ key: 'list.csv.has_header', value: JSON.stringify({ has_header: false }) })
      .expect(200);
    await admin.agent
      .put(`${API}/configs/replace`)
      .set(admin.csrf)
      .type('form')
      .send({ key: 'date_format', value: '"DD/MM/YYYY"' })
      .expect(200);
    try {
      expect(records(await downloadCsv(clerk, { PatientID: 'JP-1' }))).toEqual([['やまだ たろう', '01/01/1960', 'JP-1']]);
    } finally {
      await admin.agent
        .put(`${API}/configs/replace`)
        .set(admin.csrf)
        .type('form')
        .send({ key: 'date_format', value: '"YYYY-MM-DD"' })
        .expect(200);
    }
  });

  it('writes selected studies only, and leaves out those the caller does not see', async () => {
    const selected = records(await downloadCsv(admin, { orderby: 'patientid desc' }, { UIDs: [JP.study, OTHER.study] }));
    expect(selected.slice(1).map((row) => row[0])).toEqual(['O-1', 'JP-1']);

    const answer = await downloadCsv(outsider, {}, { UIDs: [JP.study, FORMULA.study, OTHER.study] });
    expect(answer.headers['x-csv-rows']).toBe('1');
    expect(
      records(answer)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['O-1']);
    // The whole search: the same rule.
    expect(
      records(await downloadCsv(outsider))
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['O-1']);
  });

  it('records each download for the audit log: who, the selection or the search, the rows', async () => {
    const before = (await stack.sql<{ n: number }>('select count(*)::int as n from csv_downloads'))[0]!.n;
    await downloadCsv(admin, { orderby: 'patientid desc' }, { UIDs: [JP.study] });
    const [row] = await stack.sql<{ account_id: string; selected_uids: string[]; rows: number; truncated: boolean }>(
      'select account_id, selected_uids, rows, truncated from csv_downloads order by id desc limit 1',
    );
    expect(row).toEqual({ account_id: stack.adminId, selected_uids: [JP.study], rows: 1, truncated: false });
    expect((await stack.sql<{ n: number }>('select count(*)::int as n from csv_downloads'))[0]!.n).toBe(before + 1);
  });

  it('refuses a user without list_csv', async () => {
    const answer = await downloadCsv(lister);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('forbidden');
  });

  it('says when the bound cut the result', async () => {
    const answer = await downloadCsv(admin, { limit: '2', orderby: 'patientid asc' });
    expect(answer.headers['x-csv-rows']).toBe('2');
    expect(answer.headers['x-csv-limit']).toBe('2');
    expect(answer.headers['x-csv-truncated']).toBe('true');
    expect(
      records(answer)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['F-1', 'JP-1']);
  });

  it('answers a bad search or body with 400 and the catalogue’s message, never 500', async () => {
    const badDate = await downloadCsv(admin, { StudyDate: '20241399' });
    expect(badDate.status).toBe(400);
    expect(badDate.body).toMatchObject({ code: 'validation_failed', fields: { StudyDate: 'The field is not a valid value' } });
    const badOrder = await downloadCsv(admin, { orderby: 'nonsense' });
    expect(badOrder.status).toBe(400);
    for (const body of [{ UIDs: 'x' }, { UIDs: ['1.2', "1'; drop"] }, { UIDs: Array(CSV_ROW_LIMIT + 1).fill('1.2') }, { Titles: ['x'] }]) {
      const answer = await downloadCsv(admin, {}, body);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
    }
    const badLimit = await downloadCsv(admin, { limit: String(CSV_ROW_LIMIT + 1) });
    expect(badLimit.status).toBe(400);
  });
});
