/** The roles feature's public entry: what other features may use. */
export { getRolesQueryOptions, rolesQueryKey, useRoles } from './api/get-roles.ts';
export { RolesSection } from './components/roles-section.tsx';
export { TargetsEditor } from './components/targets-editor.tsx';
export { KIND_LABELS } from './messages.ts';
export { targetsSummary } from './targets.ts';
export type { Role } from './types.ts';
export { ACCOUNTS_ADMIN_MESSAGES } from './messages.ts';
export { LIMITS, maxLength } from './schemas.ts';
export type { Translate } from './schemas.ts';
export type { Targets } from './types.ts';
