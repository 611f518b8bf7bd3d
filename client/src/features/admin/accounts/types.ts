/** Shapes of the access-administration calls (`/accounts`, `/roles`, `/institutions`). */
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

/** One row of `GET /accounts/all`. Institution and Teleradiology come from the role. */
export interface AdminAccount {
  Id: string;
  Name: string;
  Title: string;
  Role: number;
  RoleName: string;
  Institution: number;
  Teleradiology: TeleradiologyKind | null;
  AETitle: string;
  ReferringPhysicianName: string;
  /** ISO time the lock began, or null. */
  LockedAt: string | null;
}

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

/** One row of `GET /institutions/all`. */
export interface Institution {
  No: number;
  Name: string;
  Address: string;
  Email: string;
  Phone: string;
  Fax: string;
  Website: string;
  Targets: Targets;
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

/** What the institution dialog sends. */
export type InstitutionInput = Omit<Institution, 'No'>;
