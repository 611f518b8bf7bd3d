import type { ShareKind } from '@pacs/common';

/** The share list modal's first tab: the patient tab when the study has no shares but its patient has. */
export function initialTab(counts: { study: number; patient: number }): ShareKind {
  return counts.study === 0 && counts.patient > 0 ? 'patient' : 'study';
}
