/** Shapes of the role calls (`/roles/...`) and the targets roles and institutions share. */
import type { Permissions, TeleradiologyKind } from '@pacs/common';

/** Which studies a role or an institution reaches (spec 1 §3 Targets). */
export interface Targets {
  All: boolean;
  AETitle: string[];
  InstitutionName: string[];
  Modality: string[];
}

export const TARGET_LISTS = ['AETitle', 'InstitutionName', 'Modality'] as const;
export type TargetList = (typeof TARGET_LISTS)[number];

export const STUDY_ACCESS = ['all', 'only_shared', 'shared_or_matching'] as const;
export type StudyAccess = (typeof STUDY_ACCESS)[number];

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
