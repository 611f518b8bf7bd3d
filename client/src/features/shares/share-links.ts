/**
 * Share links (spec 3 §2): {origin}/viewer/#/list, /viewer/#/viewer and /viewer/#/report with
 * accesskey for a guest share, otherwise studyinstanceuid (a study share) or patientid (a
 * patient share) for recipients who sign in themselves.
 */
import type { ShareItem, ShareKind } from '@pacs/common';

export const SHARE_PAGES = ['list', 'viewer', 'report'] as const;
export type SharePage = (typeof SHARE_PAGES)[number];

/** The pages a share links to: the report only for a study share. */
export function sharePages(kind: ShareKind): SharePage[] {
  return kind === 'study' ? [...SHARE_PAGES] : ['list', 'viewer'];
}

export function shareLink(
  origin: string,
  page: SharePage,
  kind: ShareKind,
  share: Pick<ShareItem, 'AccessKey' | 'StudyInstanceUID' | 'PatientID'>,
): string {
  const params = new URLSearchParams();
  if (share.AccessKey) params.set('accesskey', share.AccessKey);
  else if (kind === 'study' && share.StudyInstanceUID) params.set('studyinstanceuid', share.StudyInstanceUID);
  else params.set('patientid', share.PatientID);
  return `${origin.replace(/\/+$/, '')}/viewer/#/${page}?${params.toString()}`;
}
