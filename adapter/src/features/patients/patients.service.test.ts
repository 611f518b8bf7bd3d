/** Patient record rules, with the SQL faked (the statements run against PostgreSQL in test/api/patients.test.ts). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import type { Deps } from '../../deps.ts';
import { fakeDb } from '../../testing/fake-db.ts';
import { refusal } from '../../testing/refusal.ts';
import { ensureConfigs } from '../configs/configs.service.ts';
import * as sql from './patients.sql.ts';
import { addPatient, deletePatient, findPatient, importPatients, searchPatients, updatePatient } from './patients.service.ts';

vi.mock('./patients.sql.ts');
vi.mock('../configs/configs.service.ts', () => ({ ensureConfigs: vi.fn(), spaceToCaret: vi.fn(() => Promise.resolve(true)) }));

const auth = { accountId: 'tech' } as unknown as Auth;
const row: sql.PatientRow = {
  no: '7',
  patient_id: 'P-7',
  patient_name: 'DOE^JANE',
  patient_sex: 'F',
  patient_birth_date: '19700506',
  patient_comments: '',
  updated_at: new Date('2024-05-01T10:00:00Z'),
};
const good = { ID: ' P-7 ', Name: 'DOE^JANE', Sex: 'F', BirthDate: '1970-05-06', Comments: '' };

function deps(edition = 'on_premises') {
  const fake = fakeDb();
  return { deps: { db: fake.db, config: { edition } } as unknown as Deps, statements: fake.statements };
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(sql.insertPatient).mockResolvedValue(row);
  vi.mocked(sql.updatePatient).mockResolvedValue(row);
  vi.mocked(sql.patientIdTaken).mockResolvedValue(false);
  vi.mocked(sql.searchPatients).mockResolvedValue({ rows: [row], count: 1 });
  vi.mocked(sql.lockImportFlag).mockResolvedValue(true);
  vi.mocked(sql.importPatients).mockResolvedValue(3);
  vi.mocked(sql.countPatients).mockResolvedValue(5);
});

describe('where patient records exist', () => {
  it('refuses every call outside an on-premises install before any SQL', async () => {
    const { deps: cloud } = deps('cloud');
    const calls = [
      searchPatients(cloud, auth, { terms: [], order: [], limit: 10, offset: 0 }),
      findPatient(cloud, auth, { no: 1 }),
      addPatient(cloud, auth, good),
      updatePatient(cloud, auth, 1, good),
      deletePatient(cloud, auth, 1),
      importPatients(cloud, auth),
    ];
    for (const call of calls) expect(await refusal(call)).toMatchObject({ status: 403, code: 'forbidden' });
    expect(sql.insertPatient).not.toHaveBeenCalled();
    expect(sql.importPatients).not.toHaveBeenCalled();
  });
});

describe('searching', () => {
  it('searches a name as the index stores it, and orders by UpdatedAt descending unless told', async () => {
    const { deps: d } = deps();
    const list = await searchPatients(d, auth, {
      terms: [{ key: 'PatientName', term: { type: 'forward', value: 'doe^ja' } }],
      order: [],
      limit: 20,
      offset: 40,
    });
    expect(sql.searchPatients).toHaveBeenCalledWith(d.db, auth, {
      terms: [{ target: 'name', term: { type: 'forward', value: 'doe^ja' }, nameTerm: { type: 'forward', value: 'DOE JA' } }],
      order: [{ key: 'updatedat', desc: true }],
      limit: 20,
      offset: 40,
    });
    expect(list).toMatchObject({ Count: 1, Limit: 20, Offset: 40 });
    expect(list.Items[0]).toEqual({
      No: 7,
      PatientID: 'P-7',
      PatientName: 'DOE^JANE',
      PatientSex: 'F',
      PatientBirthDate: '19700506',
      PatientComments: '',
      UpdatedAt: '2024-05-01T10:00:00.000Z',
    });
  });

  it('answers 404 for a record the caller does not find', async () => {
    vi.mocked(sql.selectPatient).mockResolvedValue(undefined);
    expect(await refusal(findPatient(deps().deps, auth, { patientId: 'NOPE' }))).toMatchObject({ status: 404 });
  });
});

describe('adding, changing, deleting', () => {
  it('stores the normalized values', async () => {
    await addPatient(deps().deps, auth, good);
    expect(sql.insertPatient).toHaveBeenCalledWith(expect.anything(), {
      id: 'P-7',
      name: 'DOE^JANE',
      searchName: 'DOE JANE',
      sex: 'F',
      birthDate: '19700506',
      comments: '',
    });
  });

  it('stores a typed name with a caret for the space, as the site option says', async () => {
    await addPatient(deps().deps, auth, { ...good, Name: 'Doe Jane' });
    expect(vi.mocked(sql.insertPatient).mock.calls.at(-1)?.[1]).toMatchObject({ name: 'Doe^Jane', searchName: 'DOE JANE' });
  });

  it('refuses bad input naming every field, before any SQL', async () => {
    const answer = await refusal(addPatient(deps().deps, auth, { ID: '', Name: 'A'.repeat(65), Sex: 'X', BirthDate: '2024-13-01' }));
    expect(answer).toMatchObject({
      status: 400,
      code: 'validation_failed',
      fields: { ID: MESSAGES.required, Name: MESSAGES.max_length(64), Sex: MESSAGES.invalid, BirthDate: MESSAGES.invalid },
    });
    expect(sql.insertPatient).not.toHaveBeenCalled();
  });

  it('refuses a PatientID that has a record with the catalogue message', async () => {
    vi.mocked(sql.insertPatient).mockResolvedValue(undefined);
    expect(await refusal(addPatient(deps().deps, auth, good))).toMatchObject({
      status: 409,
      code: 'already_exists',
      fields: { ID: MESSAGES.already_exists },
    });
    vi.mocked(sql.patientIdTaken).mockResolvedValue(true);
    expect(await refusal(updatePatient(deps().deps, auth, 7, good))).toMatchObject({ status: 409, code: 'already_exists' });
    expect(sql.updatePatient).not.toHaveBeenCalled();
  });

  it('answers 404 when the record to change or delete is not found', async () => {
    vi.mocked(sql.updatePatient).mockResolvedValue(undefined);
    vi.mocked(sql.deletePatient).mockResolvedValue(false);
    expect(await refusal(updatePatient(deps().deps, auth, 8, good))).toMatchObject({ status: 404 });
    expect(await refusal(deletePatient(deps().deps, auth, 8))).toMatchObject({ status: 404 });
  });
});

describe('the patient import', () => {
  it('imports and sets the flag in one transaction under the configs lock', async () => {
    const { deps: d, statements } = deps();
    expect(await importPatients(d, auth)).toEqual({ Created: 3, Total: 5 });
    expect(statements()).toEqual(['begin', 'commit']);
    const order = [sql.lockImportFlag, sql.importPatients, sql.setImportFlag].map((fn) => vi.mocked(fn).mock.invocationCallOrder[0]);
    expect(order).toEqual([...order].sort((a, b) => a! - b!));
    expect(ensureConfigs).not.toHaveBeenCalled();
  });

  it('stores the configs first when there are none, so the flag has a tree to live in', async () => {
    vi.mocked(sql.lockImportFlag).mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    await importPatients(deps().deps, auth);
    expect(ensureConfigs).toHaveBeenCalledTimes(1);
    expect(sql.lockImportFlag).toHaveBeenCalledTimes(2);
  });
});
