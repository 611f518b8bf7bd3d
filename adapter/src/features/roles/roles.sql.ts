/** Every SQL statement of the roles feature (the share-target fragment stays in share-targets.ts). */
import { SHARE_GUEST_ID, type StudyAccess, type TeleradiologyKind } from '@pacs/common';
import type { Db } from '../../db/pool.ts';

export interface RoleRow {
  no: number;
  name: string;
  title: string;
  institution: number;
  permissions: unknown;
  targets: unknown;
  teleradiology: TeleradiologyKind | null;
  study_access: StudyAccess;
  accounts: { Id: string; Name: string }[] | null;
}

/** What a create or update stores. */
export interface RoleFields {
  name: string;
  title: string;
  institution: number;
  kind: TeleradiologyKind | null;
  access: string;
  permissions: Record<string, boolean>;
  targets: unknown;
}

const SELECT_ROLES = `select r.*, (select json_agg(json_build_object('Id', a.id, 'Name', a.name) order by a.id)
                        from accounts a where a.role = r.no) as accounts from roles r`;

/** Every role, or those a condition over `r` keeps (a share-target fragment with its parameters). */
export async function selectRoles(db: Db, where?: { sql: string; params: unknown[] }): Promise<RoleRow[]> {
  const { rows } = await db.query<RoleRow>(
    `${SELECT_ROLES} ${where ? `where ${where.sql}` : ''} order by r.institution, r.no`,
    where?.params ?? [],
  );
  return rows;
}

export async function selectRole(db: Db, no: number): Promise<RoleRow | undefined> {
  const { rows } = await db.query<RoleRow>(`${SELECT_ROLES} where r.no = $1`, [no]);
  return rows[0];
}

/** Whether another role of the institution has this name (case-insensitive). */
export async function nameTaken(db: Db, institution: number, name: string, except?: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from roles where institution = $1 and lower(name) = lower($2) and no is distinct from $3', [
    institution,
    name,
    except ?? null,
  ]);
  return rows.length > 0;
}

export async function insertRole(db: Db, f: RoleFields): Promise<number> {
  const { rows } = await db.query<{ no: number }>(
    `insert into roles (institution, name, title, permissions, targets, teleradiology, study_access)
     values ($1, $2, $3, $4, $5, $6, $7) returning no`,
    [f.institution, f.name, f.title, JSON.stringify(f.permissions), JSON.stringify(f.targets), f.kind, f.access],
  );
  return rows[0]!.no;
}

export async function updateRole(db: Db, no: number, f: RoleFields): Promise<void> {
  await db.query(
    `update roles set institution = $2, name = $3, title = $4, permissions = $5, targets = $6, teleradiology = $7,
            study_access = $8, updated_at = now() where no = $1`,
    [no, f.institution, f.name, f.title, JSON.stringify(f.permissions), JSON.stringify(f.targets), f.kind, f.access],
  );
}

export async function hasAccounts(db: Db, no: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from accounts where role = $1 limit 1', [no]);
  return rows.length > 0;
}

/** Answers whether a row went. */
export async function deleteRole(db: Db, no: number): Promise<boolean> {
  const { rowCount } = await db.query('delete from roles where no = $1', [no]);
  return (rowCount ?? 0) > 0;
}

/** Whether the role is the system's share-guest role (the share guest account has it). */
export async function isShareGuestRole(db: Db, role: number): Promise<boolean> {
  return (await db.query('select 1 from accounts where id = $1 and role = $2', [SHARE_GUEST_ID, role])).rows.length > 0;
}

/**
 * SQL over roles `r`: the roles a sharer may pick, any institution's (`any`) or only of its own
 * (`own_institution`), never the share-guest role. `$first` receives the caller's institution,
 * `$first + 1` the share-guest account id.
 */
export function pickableRolesWhere(
  scope: 'any' | 'own_institution',
  institution: number,
  first: number,
): { sql: string; params: unknown[] } {
  const notGuestRole = `not exists (select 1 from accounts g where g.role = r.no and g.id = $${first + 1})`;
  const within = scope === 'any' ? `$${first}::int is not null` : `r.institution = $${first}`;
  return { sql: `${within} and ${notGuestRole}`, params: [institution, SHARE_GUEST_ID] };
}
