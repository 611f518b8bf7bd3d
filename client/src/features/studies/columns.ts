/**
 * Which columns a level shows (spec 2 §3 "Column setting", §6 hidden columns): the user's
 * settings in their order and widths, minus what the edition or the user's kind never shows.
 */
import type { ColumnSetting, Edition, TeleradiologyKind } from '@pacs/common';
import type { ListLevel } from './types.ts';

const WORKFLOW_KEYS = ['Priority', 'ReadingStatus', 'AssignedTo', 'AssignedAt', 'AssignedBy', 'OrderedAt', 'OrderedBy', 'ReadAt'];

const HIDDEN_FOR_KIND: Record<TeleradiologyKind, readonly string[]> = {
  Company: ['PatientName', 'ReportStatus'],
  Institution: ['Institution', 'ReportStatus'],
  Radiologist: ['AETitle', 'Institution', 'InstitutionName', 'PatientName'],
};

/**
 * Study columns the edition or kind hides: assignment, priority and reading outside teleradiology;
 * favourites and shares in it; the Order column (the study's worklist entry) to anyone who may not
 * see worklist entries (`seesWorklist`: the mwm permission in an on-premises edition).
 */
export function hiddenStudyColumns(edition: Edition, kind: TeleradiologyKind | null, seesWorklist = false): Set<string> {
  const hidden = new Set<string>(edition === 'teleradiology' ? ['IsFavorite', 'IsShared'] : WORKFLOW_KEYS);
  for (const key of kind ? HIDDEN_FOR_KIND[kind] : []) hidden.add(key);
  if (!seesWorklist) hidden.add('WorklistEntry');
  return hidden;
}

export function visibleColumns(fields: readonly ColumnSetting[] | undefined, hidden: ReadonlySet<string> = new Set()): ColumnSetting[] {
  return (fields ?? []).filter((field) => field.is_visible && !hidden.has(field.key));
}

/** Keys the server can order by, per level (@pacs/common STUDY_ORDER_KEYS). */
const SORTABLE: Record<ListLevel, ReadonlySet<string>> = {
  study: new Set(
    [
      'StudyDateTime',
      'StudyDate',
      'StudyTime',
      'PatientID',
      'PatientName',
      'PatientBirthDate',
      'PatientSex',
      'PatientAge',
      'AccessionNumber',
      'StudyDescription',
      'StudyID',
      'ModalitiesInStudy',
      'BodyPartsInStudy',
      'NumberOfStudyRelatedSeries',
      'NumberOfStudyRelatedInstances',
      'InstitutionName',
      'ReferringPhysicianName',
      'PerformingPhysicianName',
      'AETitle',
      'UpdatedAt',
      'FileSize',
      'Note',
      'TotalDLP',
    ].map((key) => key.toLowerCase()),
  ),
  series: new Set(),
  instance: new Set(),
};

export function isSortable(level: ListLevel, key: string): boolean {
  return SORTABLE[level].has(key.toLowerCase());
}

/** Keys whose cells are drawn specially rather than as text. */
export const SPECIAL_KEYS = new Set(['IsFavorite', 'IsShared', 'Note', 'PatientName', 'ReportStatus', 'WorklistEntry']);
