/** Shapes of the role calls (`/roles/...`) and the targets roles and institutions share. */
export type { Role, RoleInput, RoleName } from '@pacs/common';
export { STUDY_ACCESS, TARGET_LISTS, type StudyAccess, type TargetList, type Targets } from '@pacs/common';
