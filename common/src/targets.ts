/**
 * Which studies a role or an institution reaches (spec 1 §3 Targets), and how a role reaches
 * studies at all (study access): the adapter's visibility rules read these, the role and
 * institution dialogs edit them.
 */
export interface Targets {
  All: boolean;
  AETitle: string[];
  InstitutionName: string[];
  Modality: string[];
}

export const TARGET_LISTS = ['AETitle', 'InstitutionName', 'Modality'] as const;
export type TargetList = (typeof TARGET_LISTS)[number];

/** all: by targets and shares; only_shared: shares only; shared_or_matching: shares, or matching the account's physician name. */
export const STUDY_ACCESS = ['all', 'only_shared', 'shared_or_matching'] as const;
export type StudyAccess = (typeof STUDY_ACCESS)[number];

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
