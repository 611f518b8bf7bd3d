/** Who is calling: the signed-in account with its role, institution and session. */
import type { Permissions, TeleradiologyKind } from '@pacs/common';

export interface Auth {
  sessionHash: Buffer;
  csrfToken: string;
  accountId: string;
  name: string;
  title: string;
  role: number;
  roleName: string;
  institution: number;
  institutionName: string;
  kind: TeleradiologyKind | null;
  permissions: Permissions;
  aeTitle: string;
  referringPhysicianName: string;
  /** Institution targets and role targets: visibility is their intersection. */
  institutionTargets: Targets;
  roleTargets: Targets;
  studyAccess: StudyAccess;
  /** A share guest's access key; null for accounts. */
  accessKey: string | null;
}

export type StudyAccess = 'all' | 'only_shared' | 'shared_or_matching';

/** Which studies a role or an institution reaches (spec 1 §3 Targets). */
export interface Targets {
  All: boolean;
  AETitle: string[];
  InstitutionName: string[];
  Modality: string[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').map((item) => item.trim())
    : [];

/** Reads stored targets; anything unreadable reaches nothing (fail closed). */
export function parseTargets(value: unknown): Targets {
  if (typeof value !== 'object' || value === null) return { All: false, AETitle: [], InstitutionName: [], Modality: [] };
  const record = value as Record<string, unknown>;
  return {
    All: record.All === true,
    AETitle: strings(record.AETitle),
    InstitutionName: strings(record.InstitutionName),
    Modality: strings(record.Modality),
  };
}
