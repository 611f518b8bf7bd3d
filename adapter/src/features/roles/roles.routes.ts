/**
 * Roles (spec 1 §3, §6, §7).
 * - GET /roles/all              → administrators: [{No, Name, Title, Institution, Permissions,
 *                                  Targets, Teleradiology, StudyAccess, account_items: [{Id, Name}]}];
 *                                  sharers: only the roles they may pick as a share target
 *                                  (roles/share-targets.ts) as {No, Name, Title, Institution,
 *                                  account_items}; a share guest: []
 * - POST /roles/create          form Name (unique within the institution), Title, Institution,
 *                               Permissions (JSON of flags), Targets (JSON), Teleradiology
 *                               ('' | Company | Institution | Radiologist), StudyAccess
 *                               (all | only_shared | shared_or_matching)
 * - PATCH /roles/update         form No + the same fields
 * - DELETE /roles/delete?no=
 * The Master role (No 1) holds every permission and cannot be edited or deleted. A permission the
 * edition or the teleradiology kind excludes cannot be granted: 400 naming it.
 */
import type { Request } from 'express';
import {
  MASTER_ROLE_NO,
  STUDY_ACCESS,
  TELERADIOLOGY_KINDS,
  completePermissions,
  isAdmin,
  isJsonObject,
  parsePermissions,
  ungrantable,
  type PermissionKey,
  type TeleradiologyKind,
} from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { invalid, jsonField, optionalInt, optionalString, requiredInt } from '../../http/input.ts';
import { parseTargets } from '../../access/auth.ts';
import type { Deps } from '../../deps.ts';
import { pickableRolesSql } from './share-targets.ts';

interface RoleRow {
  no: number;
  name: string;
  title: string;
  institution: number;
  permissions: unknown;
  targets: unknown;
  teleradiology: TeleradiologyKind | null;
  study_access: string;
  accounts: { Id: string; Name: string }[] | null;
}

const toRole = (row: RoleRow) => ({
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

const SELECT_ROLES = `select r.*, (select json_agg(json_build_object('Id', a.id, 'Name', a.name) order by a.id)
                        from accounts a where a.role = r.no) as accounts from roles r`;

async function readFields(deps: Deps, req: Request, current?: RoleRow) {
  const name = (optionalString(req, 'Name', 'body', 200) ?? current?.name ?? '').trim();
  if (name === '') throw invalid('Name', 'The field is required');
  const institution = optionalInt(req, 'Institution', 0, 1_000_000_000) ?? current?.institution ?? 0;
  const { rows } = await deps.db.query('select 1 from institutions where no = $1', [institution]);
  if (rows.length === 0) throw invalid('Institution');
  const kindText = optionalString(req, 'Teleradiology', 'body', 20);
  const kind = kindText === undefined ? (current?.teleradiology ?? null) : kindText === '' ? null : kindText;
  if (kind !== null && !(TELERADIOLOGY_KINDS as readonly string[]).includes(kind)) throw invalid('Teleradiology');
  const access = optionalString(req, 'StudyAccess', 'body', 30) ?? current?.study_access ?? 'all';
  if (!(STUDY_ACCESS as readonly string[]).includes(access)) throw invalid('StudyAccess');

  let permissions = parsePermissions(current?.permissions ?? {});
  if (optionalString(req, 'Permissions') !== undefined) {
    const raw = jsonField(req, 'Permissions');
    if (!isJsonObject(raw)) throw invalid('Permissions');
    permissions = parsePermissions(raw);
  }
  const refused = ungrantable(permissions, deps.config.edition, kind as TeleradiologyKind | null);
  if (refused.length > 0) {
    const message = `These permissions cannot be granted here: ${refused.join(', ')}`;
    throw new AppError('validation_failed', { Permissions: message }, message);
  }
  const targets =
    optionalString(req, 'Targets') !== undefined
      ? parseTargets(jsonField(req, 'Targets'))
      : parseTargets(current?.targets ?? { All: true });
  return {
    name,
    title: optionalString(req, 'Title', 'body', 200) ?? current?.title ?? '',
    institution,
    kind,
    access,
    permissions: completePermissions(permissions),
    targets,
  };
}

async function assertNameFree(deps: Deps, institution: number, name: string, except?: number): Promise<void> {
  const { rows } = await deps.db.query(
    'select 1 from roles where institution = $1 and lower(name) = lower($2) and no is distinct from $3',
    [institution, name, except ?? null],
  );
  if (rows.length > 0) throw new AppError('already_exists', { Name: 'An item with the entered value already exists' });
}

const MASTER_FIXED = 'The Master role holds every permission and cannot be changed or deleted.';

/** Administrators manage these; sharers pick from them. */
const ADMIN_OR_SHARE: readonly PermissionKey[] = ['admin', 'share'];

export const rolesRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/roles/all',
    access: ADMIN_OR_SHARE,
    summary: 'Roles',
    handler: async (_req, _res, { deps, auth }) => {
      if (isAdmin(auth.permissions) && auth.accessKey === null) {
        return (await deps.db.query<RoleRow>(`${SELECT_ROLES} order by r.institution, r.no`)).rows.map(toRole);
      }
      // A sharer needs names to pick from, not how other roles are configured.
      const pickable = pickableRolesSql(auth, 1);
      if (pickable.sql === 'false') return [];
      const { rows } = await deps.db.query<RoleRow>(`${SELECT_ROLES} where ${pickable.sql} order by r.institution, r.no`, pickable.params);
      return rows.map((row) => ({
        No: row.no,
        Name: row.name,
        Title: row.title,
        Institution: row.institution,
        account_items: row.accounts ?? [],
      }));
    },
  },
  {
    method: 'post',
    path: '/roles/create',
    access: 'admin',
    summary: 'Create a role',
    handler: async (req, _res, { deps }) => {
      const f = await readFields(deps, req);
      await assertNameFree(deps, f.institution, f.name);
      const { rows } = await deps.db.query<{ no: number }>(
        `insert into roles (institution, name, title, permissions, targets, teleradiology, study_access)
         values ($1, $2, $3, $4, $5, $6, $7) returning no`,
        [f.institution, f.name, f.title, JSON.stringify(f.permissions), JSON.stringify(f.targets), f.kind, f.access],
      );
      return toRole((await deps.db.query<RoleRow>(`${SELECT_ROLES} where r.no = $1`, [rows[0]!.no])).rows[0]!);
    },
  },
  {
    method: 'patch',
    path: '/roles/update',
    access: 'admin',
    summary: 'Change a role',
    handler: async (req, _res, { deps }) => {
      const no = optionalInt(req, 'No', 1, 1_000_000_000);
      if (no === undefined) throw invalid('No', 'The field is required');
      if (no === MASTER_ROLE_NO) throw new AppError('conflict', undefined, MASTER_FIXED);
      const { rows: found } = await deps.db.query<RoleRow>(`${SELECT_ROLES} where r.no = $1`, [no]);
      if (!found[0]) throw new AppError('not_found');
      const f = await readFields(deps, req, found[0]);
      await assertNameFree(deps, f.institution, f.name, no);
      await deps.db.query(
        `update roles set institution = $2, name = $3, title = $4, permissions = $5, targets = $6, teleradiology = $7,
                study_access = $8, updated_at = now() where no = $1`,
        [no, f.institution, f.name, f.title, JSON.stringify(f.permissions), JSON.stringify(f.targets), f.kind, f.access],
      );
      return toRole((await deps.db.query<RoleRow>(`${SELECT_ROLES} where r.no = $1`, [no])).rows[0]!);
    },
  },
  {
    method: 'delete',
    path: '/roles/delete',
    access: 'admin',
    summary: 'Delete a role',
    handler: async (req, _res, { deps }) => {
      // The key column is a PostgreSQL integer: read it within its range, not let the database refuse it.
      const no = requiredInt(req, 'no', -2_147_483_648, 2_147_483_647, 'query');
      if (no === MASTER_ROLE_NO) throw new AppError('conflict', undefined, MASTER_FIXED);
      const { rows } = await deps.db.query('select 1 from accounts where role = $1 limit 1', [no]);
      if (rows.length > 0) throw new AppError('conflict', undefined, 'The role still has accounts; move them to another role first.');
      const { rowCount } = await deps.db.query('delete from roles where no = $1', [no]);
      if (rowCount === 0) throw new AppError('not_found');
      return {};
    },
  },
];
