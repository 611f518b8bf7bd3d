/**
 * What a caller may pick as a share's target (spec 3 §2, §4), in one place for the lists that
 * feed the share dialog (`/roles/all`, `/accounts/names`) and for the share routes that accept a
 * target:
 * - an administrator: any institution, role and account;
 * - a share guest (a session opened by an access key): nothing; at most a guest share;
 * - anyone else: any institution as a whole (`/institutions/all` lists them, so a study can be
 *   sent to a partner site), but a role or an account only within their own institution. The
 *   roles and staff of another institution are that institution's business: it is shared with as
 *   a whole, and its own staff pass it on inside it. The system's share-guest role and account
 *   are never a target.
 */
import { isAdmin, parseTargets, type PermissionKey, type Targets } from '@pacs/common';
import type { Request } from 'express';
import type { Auth } from '../../access/auth.ts';
import type { Db } from '../../db/pool.ts';
import { invalid, jsonField, optionalString } from '../../http/input.ts';
import { isShareGuestRole, pickableRolesWhere } from './roles.sql.ts';

/** Who may call the lists of roles and institutions: administrators manage them, sharers pick from them. */
export const ADMIN_OR_SHARE: readonly PermissionKey[] = ['admin', 'share'];

/** The Targets field of a role or institution form (JSON); an update keeps the stored ones when absent. */
export function targetsField(req: Request, current: unknown | undefined): Targets {
  return optionalString(req, 'Targets') !== undefined ? parseTargets(jsonField(req, 'Targets')) : parseTargets(current ?? { All: true });
}

export type TargetScope = 'any' | 'none' | 'own_institution';

export function shareTargetScope(auth: Auth): TargetScope {
  if (auth.accessKey !== null) return 'none';
  return isAdmin(auth.permissions) ? 'any' : 'own_institution';
}

/** The roles the caller may pick, as a condition over roles `r` (see roles.sql.ts pickableRolesWhere). */
export function pickableRolesSql(auth: Auth, first: number): { sql: string; params: unknown[] } {
  const scope = shareTargetScope(auth);
  return scope === 'none' ? { sql: 'false', params: [] } : pickableRolesWhere(scope, auth.institution, first);
}

/**
 * Refuses a target the caller may not pick, as a validation error on the field that went too far.
 * The share-guest role is refused to everyone: a share with it would reach every guest link.
 */
export async function assertPickableTarget(db: Db, auth: Auth, target: { institution: number | null; role: number | null }): Promise<void> {
  if (target.institution === null) return;
  const scope = shareTargetScope(auth);
  if (scope === 'none') throw invalid('Institution');
  if (target.role === null) return;
  if (scope === 'own_institution' && target.institution !== auth.institution) throw invalid('Role');
  if (await isShareGuestRole(db, target.role)) throw invalid('Role');
}
