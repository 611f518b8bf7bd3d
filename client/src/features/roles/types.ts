/** Shapes of the role calls (`/roles/...`) and the targets roles and institutions share. */
import type { Permissions, StudyAccess, Targets, TeleradiologyKind } from '@pacs/common';

export { STUDY_ACCESS, TARGET_LISTS, type StudyAccess, type TargetList, type Targets } from '@pacs/common';

/** One row of `GET /roles/all`. */
export interface Role {
  No: number;
  Name: string;
  Title: string;
  Institution: number;
  Permissions: Permissions;
  Targets: Targets;
  Teleradiology: TeleradiologyKind | null;
  StudyAccess: StudyAccess;
  account_items: { Id: string; Name: string }[];
}

/** What the role dialog sends. */
export interface RoleInput {
  Name: string;
  Title: string;
  Institution: number;
  Permissions: Permissions;
  Targets: Targets;
  Teleradiology: TeleradiologyKind | null;
  StudyAccess: StudyAccess;
}
