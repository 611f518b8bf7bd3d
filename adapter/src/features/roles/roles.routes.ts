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
  STUDY_ACCESS,
  TELERADIOLOGY_KINDS,
  completePermissions,
  isJsonObject,
  parsePermissions,
  ungrantable,
  type TeleradiologyKind,
} from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { invalid, jsonField, optionalInt, optionalString, requiredInt } from '../../http/input.ts';
import type { RoleFields, RoleRow } from './roles.sql.ts';
import { ADMIN_OR_SHARE, targetsField } from './share-targets.ts';
import { createRole, deleteRole, listRoles, requireEditableRole, updateRole } from './roles.service.ts';
import type { Deps } from '../../deps.ts';

/** The fields of a create or update, read once; an update keeps what the request leaves out. */
function readFields(deps: Deps, req: Request, current?: RoleRow): RoleFields {
  const name = (optionalString(req, 'Name', 'body', 200) ?? current?.name ?? '').trim();
  if (name === '') throw invalid('Name', 'The field is required');
  const institution = optionalInt(req, 'Institution', 0, 1_000_000_000) ?? current?.institution ?? 0;
  const kindText = optionalString(req, 'Teleradiology', 'body', 20);
  const kind = kindText === undefined ? (current?.teleradiology ?? null) : kindText === '' ? null : kindText;
  if (kind !== null && !(TELERADIOLOGY_KINDS as readonly string[]).includes(kind)) throw invalid('Teleradiology');
  const teleradiology = kind as TeleradiologyKind | null;
  const access = optionalString(req, 'StudyAccess', 'body', 30) ?? current?.study_access ?? 'all';
  if (!(STUDY_ACCESS as readonly string[]).includes(access)) throw invalid('StudyAccess');

  let permissions = parsePermissions(current?.permissions ?? {});
  if (optionalString(req, 'Permissions') !== undefined) {
    const raw = jsonField(req, 'Permissions');
    if (!isJsonObject(raw)) throw invalid('Permissions');
    permissions = parsePermissions(raw);
  }
  const refused = ungrantable(permissions, deps.config.edition, teleradiology);
  if (refused.length > 0) {
    const message = `These permissions cannot be granted here: ${refused.join(', ')}`;
    throw new AppError('validation_failed', { Permissions: message }, message);
  }
  const targets = targetsField(req, current?.targets);
  return {
    name,
    title: optionalString(req, 'Title', 'body', 200) ?? current?.title ?? '',
    institution,
    kind: teleradiology,
    access,
    permissions: completePermissions(permissions),
    targets,
  };
}

export const rolesRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/roles/all',
    access: ADMIN_OR_SHARE,
    summary: 'Roles',
    handler: (_req, _res, { deps, auth }) => listRoles(deps.db, auth),
  },
  {
    method: 'post',
    path: '/roles/create',
    access: 'admin',
    summary: 'Create a role',
    handler: async (req, _res, { deps, auth }) => {
      const fields = readFields(deps, req);
      const role = await createRole(deps.db, fields);
      deps.audit.record(req, auth, { action: 'role_change', details: { Change: 'create', Role: role.No, ...fields } });
      return role;
    },
  },
  {
    method: 'patch',
    path: '/roles/update',
    access: 'admin',
    summary: 'Change a role',
    handler: async (req, _res, { deps, auth }) => {
      const no = optionalInt(req, 'No', 1, 1_000_000_000);
      if (no === undefined) throw invalid('No', 'The field is required');
      const current = await requireEditableRole(deps.db, no);
      const fields = readFields(deps, req, current);
      const role = await updateRole(deps.db, no, fields);
      deps.audit.record(req, auth, { action: 'role_change', details: { Change: 'update', Role: no, ...fields } });
      return role;
    },
  },
  {
    method: 'delete',
    path: '/roles/delete',
    access: 'admin',
    summary: 'Delete a role',
    handler: async (req, _res, { deps, auth }) => {
      // The key column is a PostgreSQL integer: read it within its range, not let the database refuse it.
      const no = requiredInt(req, 'no', -2_147_483_648, 2_147_483_647, 'query');
      await deleteRole(deps.db, no);
      deps.audit.record(req, auth, { action: 'role_change', details: { Change: 'delete', Role: no } });
      return {};
    },
  },
];
