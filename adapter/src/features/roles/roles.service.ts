/**
 * Roles (spec 1 §3, §6, §7): the rules of listing, creating, changing and deleting them. The
 * routes declare who may call; listing answers administrators everything and sharers only the
 * roles they may pick as a share target.
 */
import { MASTER_ROLE_NO, isAdmin, parsePermissions, parseTargets, type Role, type RoleName } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import type { Db } from '../../db/pool.ts';
import { AppError } from '../../http/errors.ts';
import { invalid } from '../../http/input.ts';
import { institutionExists } from '../institutions/institutions.sql.ts';
import * as sql from './roles.sql.ts';
import { pickableRolesSql } from './share-targets.ts';

const MASTER_FIXED = 'The Master role holds every permission and cannot be changed or deleted.';

export const toRole = (row: sql.RoleRow): Role => ({
  No: row.no,
  Name: row.name,
  Title: row.title,
  Institution: row.institution,
  Permissions: parsePermissions(row.permissions),
  Targets: parseTargets(row.targets),
  Teleradiology: row.teleradiology,
  StudyAccess: row.study_access,
  account_items: row.accounts ?? [],
});

/** Administrators see how every role is configured; a sharer only the names it may pick. */
export async function listRoles(db: Db, auth: Auth): Promise<Role[] | RoleName[]> {
  if (isAdmin(auth.permissions) && auth.accessKey === null) return (await sql.selectRoles(db)).map(toRole);
  const pickable = pickableRolesSql(auth, 1);
  if (pickable.sql === 'false') return [];
  return (await sql.selectRoles(db, pickable)).map((row) => ({
    No: row.no,
    Name: row.name,
    Title: row.title,
    Institution: row.institution,
    account_items: row.accounts ?? [],
  }));
}

/** The institution must exist and the name be free within it. */
async function assertStorable(db: Db, fields: sql.RoleFields, except?: number): Promise<void> {
  if (!(await institutionExists(db, fields.institution))) throw invalid('Institution');
  if (await sql.nameTaken(db, fields.institution, fields.name, except)) {
    throw new AppError('already_exists', { Name: 'An item with the entered value already exists' });
  }
}

export async function createRole(db: Db, fields: sql.RoleFields): Promise<Role> {
  await assertStorable(db, fields);
  const no = await sql.insertRole(db, fields);
  return toRole((await sql.selectRole(db, no))!);
}

/** The stored role a change starts from; the Master role is never changed. */
export async function requireEditableRole(db: Db, no: number): Promise<sql.RoleRow> {
  if (no === MASTER_ROLE_NO) throw new AppError('conflict', undefined, MASTER_FIXED);
  const found = await sql.selectRole(db, no);
  if (!found) throw new AppError('not_found');
  return found;
}

export async function updateRole(db: Db, no: number, fields: sql.RoleFields): Promise<Role> {
  await assertStorable(db, fields, no);
  await sql.updateRole(db, no, fields);
  return toRole((await sql.selectRole(db, no))!);
}

/** The Master role stays; a role with accounts keeps them from losing their rights. */
export async function deleteRole(db: Db, no: number): Promise<void> {
  if (no === MASTER_ROLE_NO) throw new AppError('conflict', undefined, MASTER_FIXED);
  if (await sql.hasAccounts(db, no))
    throw new AppError('conflict', undefined, 'The role still has accounts; move them to another role first.');
  if (!(await sql.deleteRole(db, no))) throw new AppError('not_found');
}
