/** Targets (spec 1 §3): which studies an institution or a role reaches, and how to say it in words. */
import type { IntlShape } from 'react-intl';
import { ACCOUNTS_ADMIN_MESSAGES as M } from './messages.ts';
import type { TargetList, Targets } from './types.ts';

export const ALL_TARGETS: Targets = { All: true, AETitle: [], InstitutionName: [], Modality: [] };

/** Suggested modalities when the configs name none. */
export const DICOM_MODALITIES = ['CR', 'CT', 'MR', 'US', 'DX', 'MG', 'NM', 'PT', 'XA', 'RF', 'OT', 'SC', 'ES'] as const;

/**
 * A tag as stored: trimmed; modalities in capitals (DICOM codes are). Empty when nothing is left.
 * The server compares AE titles and institution names without case too.
 */
export function normaliseTag(list: TargetList, text: string): string {
  const trimmed = text.trim();
  return list === 'Modality' ? trimmed.toUpperCase() : trimmed;
}

/** Adds a tag unless the list already holds it (compared without case). */
export function addTag(tags: readonly string[], list: TargetList, text: string): string[] {
  const tag = normaliseTag(list, text);
  if (tag === '' || tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}

/**
 * One sentence for a set of targets, e.g. "Sees studies sent by AE_A1 or AE_A2 and with modality
 * MR". It follows the server's rule: each named list must match, one entry of it suffices.
 */
export function targetsSummary(targets: Targets, intl: Pick<IntlShape, 'formatMessage' | 'formatList'>): string {
  if (targets.All) return intl.formatMessage(M.targets_all_summary);
  const anyOf = (tags: readonly string[]) => intl.formatList(tags, { type: 'disjunction' });
  const conditions: string[] = [];
  if (targets.AETitle.length > 0) conditions.push(intl.formatMessage(M.targets_sent_by, { list: anyOf(targets.AETitle) }));
  if (targets.InstitutionName.length > 0) {
    conditions.push(intl.formatMessage(M.targets_from_institution, { list: anyOf(targets.InstitutionName) }));
  }
  if (targets.Modality.length > 0) conditions.push(intl.formatMessage(M.targets_with_modality, { list: anyOf(targets.Modality) }));
  if (conditions.length === 0) return intl.formatMessage(M.targets_none_summary);
  return intl.formatMessage(M.targets_some_summary, { conditions: intl.formatList(conditions, { type: 'conjunction' }) });
}
