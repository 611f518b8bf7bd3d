/**
 * The role dialog's permission checkboxes: which keys appear in which group, and why a key cannot
 * be granted. The exclusions themselves are the shared rules of @pacs/common (spec 1 §6).
 */
import {
  AREA_PERMISSIONS,
  LIST_PERMISSIONS,
  REPORT_PERMISSIONS,
  VIEWER_PERMISSIONS,
  excludedPermissions,
  ungrantable,
  type Edition,
  type PermissionKey,
  type Permissions,
  type TeleradiologyKind,
} from '@pacs/common';

export type PermissionGroupKey = 'area' | 'list' | 'viewer' | 'report';

/** `all` sits above the groups; the groups follow the spec's order of keys. */
export const PERMISSION_GROUPS: readonly { key: PermissionGroupKey; keys: readonly PermissionKey[] }[] = [
  { key: 'area', keys: AREA_PERMISSIONS.filter((key) => key !== 'all') },
  { key: 'list', keys: LIST_PERMISSIONS },
  { key: 'viewer', keys: VIEWER_PERMISSIONS },
  { key: 'report', keys: REPORT_PERMISSIONS },
];

/** Why a permission cannot be granted: the edition forbids it, or the teleradiology kind does; null when it can. */
export type Unavailability = 'edition' | 'kind' | null;

export function unavailability(key: PermissionKey, edition: Edition, kind: TeleradiologyKind | null): Unavailability {
  if (excludedPermissions(edition).has(key)) return 'edition';
  if (kind && excludedPermissions(edition, kind).has(key)) return 'kind';
  return null;
}

/** The granted flags without any the edition or kind cannot grant (what the dialog sends). */
export function grantable(permissions: Permissions, edition: Edition, kind: TeleradiologyKind | null): Permissions {
  const refused = new Set(ungrantable(permissions, edition, kind));
  const result: Permissions = {};
  for (const [key, flag] of Object.entries(permissions) as [PermissionKey, boolean | undefined][]) {
    if (flag === true && !refused.has(key)) result[key] = true;
  }
  return result;
}

/** The granted keys in display order (all first), for the roles table. */
export function grantedKeys(permissions: Permissions): PermissionKey[] {
  const ordered: PermissionKey[] = ['all', ...PERMISSION_GROUPS.flatMap((group) => group.keys)];
  return ordered.filter((key) => permissions[key] === true);
}
