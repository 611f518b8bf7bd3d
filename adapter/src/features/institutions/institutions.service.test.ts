/** The institution rules, with the SQL faked (the statements themselves run in test/api/access.test.ts). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/pool.ts';
import { refusal } from '../../testing/refusal.ts';
import * as sql from './institutions.sql.ts';
import { createInstitution, deleteInstitution, toInstitution } from './institutions.service.ts';

vi.mock('./institutions.sql.ts', () => ({
  nameTaken: vi.fn(),
  insertInstitution: vi.fn(),
  hasRoles: vi.fn(),
  deleteInstitution: vi.fn(),
}));

const db = {} as Db;
const row: sql.InstitutionRow = { no: 3, name: 'North', address: '', email: '', phone: '', fax: '', website: '', targets: null };
const fields: sql.InstitutionFields = { ...row, targets: { All: true, AETitle: [], InstitutionName: [], Modality: [] } };

beforeEach(() => vi.resetAllMocks());

describe('institutions', () => {
  it('refuses a name another institution has, naming the field', async () => {
    vi.mocked(sql.nameTaken).mockResolvedValue(true);
    expect(await refusal(createInstitution(db, fields))).toMatchObject({ status: 409, fields: { Name: expect.any(String) } });
    expect(sql.insertInstitution).not.toHaveBeenCalled();
  });

  it('reads stored targets fail-closed', () => {
    expect(toInstitution(row).Targets).toEqual({ All: false, AETitle: [], InstitutionName: [], Modality: [] });
  });

  it('never deletes institution 0 or one that still has roles', async () => {
    expect(await refusal(deleteInstitution(db, 0))).toMatchObject({ status: 409 });
    vi.mocked(sql.hasRoles).mockResolvedValue(true);
    expect(await refusal(deleteInstitution(db, 3))).toMatchObject({ status: 409 });
    expect(sql.deleteInstitution).not.toHaveBeenCalled();
  });

  it('answers 404 for an institution that is not there', async () => {
    vi.mocked(sql.hasRoles).mockResolvedValue(false);
    vi.mocked(sql.deleteInstitution).mockResolvedValue(false);
    expect(await refusal(deleteInstitution(db, 9))).toMatchObject({ status: 404 });
  });
});
