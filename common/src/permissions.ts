/**
 * The permission model (spec 1 §3, §6), used unchanged by the adapter (to refuse) and the client
 * (to hide). A role's Permissions is a JSON object of flags; `all` grants everything.
 */

export const AREA_PERMISSIONS = [
  'all',
  'dashboard',
  'statistics',
  'share',
  'admin',
  'user',
  'browser',
  'subscription',
  'mwm',
  'list',
  'viewer',
  'report',
] as const;

export const LIST_PERMISSIONS = [
  'list_add',
  'list_assign',
  'list_csv',
  'list_delete',
  'list_edit',
  'list_export',
  'list_forward',
  'list_import',
  'list_note',
  'list_order',
  'list_share',
] as const;

export const VIEWER_PERMISSIONS = ['viewer_annotation_save', 'viewer_capture', 'viewer_dicom_header', 'viewer_export'] as const;

export const REPORT_PERMISSIONS = ['report_delete', 'report_pdf', 'report_save'] as const;

export const PERMISSION_KEYS = [...AREA_PERMISSIONS, ...LIST_PERMISSIONS, ...VIEWER_PERMISSIONS, ...REPORT_PERMISSIONS] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export type Permissions = Partial<Record<PermissionKey, boolean>>;

export const EDITIONS = ['cloud', 'on_premises', 'pacs', 'teleradiology', 'md', 'media_viewer', 'sdmd', 'sdmd_cloud'] as const;
export type Edition = (typeof EDITIONS)[number];

export const TELERADIOLOGY_KINDS = ['Company', 'Institution', 'Radiologist'] as const;
export type TeleradiologyKind = (typeof TELERADIOLOGY_KINDS)[number];

export function isEdition(value: string): value is Edition {
  return (EDITIONS as readonly string[]).includes(value);
}

export function isPermissionKey(value: string): value is PermissionKey {
  return (PERMISSION_KEYS as readonly string[]).includes(value);
}

/** Cloud-hosted editions (subscriptions, plans). */
export function isCloudEdition(edition: Edition): boolean {
  return edition === 'cloud' || edition === 'sdmd_cloud';
}

/** The worklist and the client connection settings exist only in an on-premises install. */
export function isOnPremises(edition: Edition): boolean {
  return edition === 'on_premises' || edition === 'pacs' || edition === 'md' || edition === 'sdmd';
}

/**
 * Permissions that cannot be granted in an edition (spec 1 §6). The spec lists no exclusions of
 * its own for sdmd and sdmd_cloud; they follow md and cloud, the editions they are built from.
 */
export const EDITION_EXCLUSIONS: Record<Edition, readonly PermissionKey[]> = {
  cloud: ['list_forward', 'mwm'],
  sdmd_cloud: ['list_forward', 'mwm'],
  teleradiology: ['list_forward', 'list_note', 'mwm', 'subscription'],
  pacs: ['list_assign', 'list_order', 'subscription'],
  media_viewer: ['list_assign', 'list_order', 'subscription'],
  on_premises: ['subscription'],
  md: ['subscription'],
  sdmd: ['subscription'],
};

/** Permissions that cannot be granted to a teleradiology kind (spec 1 §6). */
export const KIND_EXCLUSIONS: Record<TeleradiologyKind, readonly PermissionKey[]> = {
  Company: [
    'share',
    'list_share',
    'list_add',
    'list_delete',
    'list_edit',
    'list_export',
    'list_import',
    'list_order',
    'viewer_annotation_save',
    'viewer_capture',
    'viewer_export',
    'report_pdf',
    'report_save',
  ],
  Institution: [
    'dashboard',
    'statistics',
    'admin',
    'list_assign',
    'share',
    'list_share',
    'viewer_annotation_save',
    'viewer_capture',
    'report_delete',
    'report_save',
  ],
  Radiologist: [
    'dashboard',
    'statistics',
    'share',
    'list_share',
    'admin',
    'list_add',
    'list_assign',
    'list_csv',
    'list_delete',
    'list_edit',
    'list_export',
    'list_import',
    'list_order',
    'viewer_capture',
    'viewer_export',
    'report_delete',
  ],
};

/** The permissions that cannot be granted in this context: edition exclusions ∪ kind exclusions. */
export function excludedPermissions(edition: Edition, kind?: TeleradiologyKind | null): Set<PermissionKey> {
  const excluded = new Set<PermissionKey>(EDITION_EXCLUSIONS[edition]);
  if (kind) for (const key of KIND_EXCLUSIONS[kind]) excluded.add(key);
  return excluded;
}

export interface PermissionContext {
  permissions: Permissions;
  edition: Edition;
  kind?: TeleradiologyKind | null;
}

/**
 * Whether a user holds a permission: `all` or the key itself, never an excluded key. `all` does
 * not bring back what the edition or the kind excludes.
 */
export function hasPermission(ctx: PermissionContext, key: PermissionKey): boolean {
  if (excludedPermissions(ctx.edition, ctx.kind).has(key)) return false;
  return ctx.permissions.all === true || ctx.permissions[key] === true;
}

/** A user is an admin when their permissions include all or admin. */
export function isAdmin(permissions: Permissions): boolean {
  return permissions.all === true || permissions.admin === true;
}

/** Every permission flag set: what the Master role holds. */
export function allPermissions(): Permissions {
  return Object.fromEntries(PERMISSION_KEYS.map((key) => [key, true])) as Permissions;
}

/** Reads a stored Permissions value, dropping unknown keys and anything that is not `true`. */
export function parsePermissions(value: unknown): Permissions {
  if (typeof value !== 'object' || value === null) return {};
  const result: Permissions = {};
  for (const [key, flag] of Object.entries(value)) {
    if (isPermissionKey(key) && flag === true) result[key] = true;
  }
  return result;
}

/**
 * Fields a kind of user may not see (spec 1 §6 "Hidden fields and columns"): removed from answers
 * by the server, and from columns and filters by the client.
 */
export function hiddenStudyFields(edition: Edition, kind?: TeleradiologyKind | null): Set<string> {
  const hidden = new Set<string>();
  if (kind === 'Company') ['PatientName', 'ReportStatus'].forEach((f) => hidden.add(f));
  if (kind === 'Institution') ['Institution', 'ReportStatus'].forEach((f) => hidden.add(f));
  if (kind === 'Radiologist') ['AETitle', 'Institution', 'InstitutionName', 'PatientName'].forEach((f) => hidden.add(f));
  if (edition === 'pacs') {
    [
      'AssignedTo',
      'AssignedAt',
      'AssignedBy',
      'AssignmentComments',
      'AssignmentNo',
      'Priority',
      'ReadingStatus',
      'ReadAt',
      'OrderedAt',
      'OrderedBy',
    ].forEach((f) => hidden.add(f));
  }
  if (edition === 'teleradiology') ['IsFavorite', 'IsShared'].forEach((f) => hidden.add(f));
  return hidden;
}

/** The permissions in `requested` that this edition and kind cannot grant. */
export function ungrantable(requested: Permissions, edition: Edition, kind?: TeleradiologyKind | null): PermissionKey[] {
  const excluded = excludedPermissions(edition, kind);
  return (Object.keys(requested) as PermissionKey[]).filter((key) => requested[key] === true && excluded.has(key));
}

/** Every permission key with an explicit true/false: how roles are stored. */
export function completePermissions(granted: Permissions): Record<PermissionKey, boolean> {
  return Object.fromEntries(PERMISSION_KEYS.map((key) => [key, granted[key] === true])) as Record<PermissionKey, boolean>;
}
