/** The role rules, with the SQL faked (the statements themselves run in test/api/access.test.ts). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MASTER_ROLE_NO } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import type { Db } from '../../db/pool.ts';
import { refusal } from '../../testing/refusal.ts';
import * as institutions from '../institutions/institutions.sql.ts';
import * as sql from './roles.sql.ts';
import { createRole, deleteRole, listRoles, requireEditableRole } from './roles.service.ts';

vi.mock('../institutions/institutions.sql.ts', () => ({ institutionExists: vi.fn() }));
vi.mock('./roles.sql.ts', () => ({
  selectRoles: vi.fn(),
  selectRole: vi.fn(),
  nameTaken: vi.fn(),
  insertRole: vi.fn(),
  hasAccounts: vi.fn(),
  deleteRole: vi.fn(),
}));

const db = {} as Db;
const fields: sql.RoleFields = { name: 'Doctor', title: '', institution: 1, kind: null, access: 'all', permissions: {}, targets: {} };
const guest = { accessKey: 'k', permissions: { list: true }, institution: 0 } as unknown as Auth;

beforeEach(() => vi.resetAllMocks());

describe('roles', () => {
  it('never changes or deletes the Master role', async () => {
    expect(await refusal(requireEditableRole(db, MASTER_ROLE_NO))).toMatchObject({ status: 409 });
    expect(await refusal(deleteRole(db, MASTER_ROLE_NO))).toMatchObject({ status: 409 });
    expect(sql.deleteRole).not.toHaveBeenCalled();
  });

  it('keeps a role that still has accounts', async () => {
    vi.mocked(sql.hasAccounts).mockResolvedValue(true);
    expect(await refusal(deleteRole(db, 5))).toMatchObject({ status: 409 });
    expect(sql.deleteRole).not.toHaveBeenCalled();
  });

  it('stores a role only in an existing institution and under a free name', async () => {
    vi.mocked(institutions.institutionExists).mockResolvedValue(false);
    expect(await refusal(createRole(db, fields))).toMatchObject({ status: 400, fields: { Institution: expect.any(String) } });
    vi.mocked(institutions.institutionExists).mockResolvedValue(true);
    vi.mocked(sql.nameTaken).mockResolvedValue(true);
    expect(await refusal(createRole(db, fields))).toMatchObject({ status: 409, fields: { Name: expect.any(String) } });
    expect(sql.insertRole).not.toHaveBeenCalled();
  });

  it('lists nothing to a share guest, without asking the database', async () => {
    expect(await listRoles(db, guest)).toEqual([]);
    expect(sql.selectRoles).not.toHaveBeenCalled();
  });
});
