/**
 * The column catalogue: default label, width and alignment of every list column (spec 2 §3),
 * so each default list below names only its keys and visibility. Widths follow spec 2 §9:
 * CT dose columns 80, Note 400, Institution 200, IsShared 100; all within 40 to 400. The others
 * are as narrow as their header and typical content allow, so that the default visible study
 * columns (settings/defaults.ts) fit a 1280 px screen beside the sidebar.
 */
import type { Alignment, ColumnSetting } from './types.ts';

const CATALOGUE = {
  // Study level (also the worklist, recycle bin, share and report lists).
  IsFavorite: ['Favorite', 40, 'center'],
  IsShared: ['Shared', 100, 'center'],
  Priority: ['Priority', 66, 'center'],
  ReadingStatus: ['Reading Status', 110, 'center'],
  AssignedTo: ['Assigned To', 140, 'left'],
  AssignedAt: ['Assigned At', 160, 'center'],
  OrderedAt: ['Ordered At', 160, 'center'],
  ReadAt: ['Read At', 160, 'center'],
  ReportStatus: ['Report Status', 110, 'center'],
  PatientID: ['Patient ID', 110, 'left'],
  PatientName: ['Patient Name', 190, 'left'],
  PatientBirthDate: ['Birth Date', 100, 'center'],
  PatientAge: ['Age', 50, 'center'],
  PatientSex: ['Sex', 44, 'center'],
  PatientComments: ['Patient Comments', 200, 'left'],
  ModalitiesInStudy: ['Modality', 80, 'center'],
  BodyPartsInStudy: ['Body Part', 120, 'left'],
  StudyDateTime: ['Study Date', 160, 'center'],
  StudyDate: ['Study Date', 100, 'center'],
  StudyTime: ['Study Time', 90, 'center'],
  StudyDescription: ['Study Description', 180, 'left'],
  StudyID: ['Study ID', 100, 'left'],
  StudyInstanceUID: ['Study Instance UID', 300, 'left'],
  NumberOfStudyRelatedSeries: ['Series', 70, 'right'],
  NumberOfStudyRelatedInstances: ['Images', 70, 'right'],
  AccessionNumber: ['Accession Number', 140, 'left'],
  Institution: ['Institution', 200, 'left'],
  InstitutionName: ['Institution Name', 200, 'left'],
  ReferringPhysicianName: ['Referring Physician', 160, 'left'],
  PerformingPhysicianName: ['Performing Physician', 160, 'left'],
  AETitle: ['AE Title', 120, 'left'],
  Note: ['Note', 400, 'left'],
  CTDIvols: ['CTDIvol', 80, 'right'],
  TotalDLP: ['Total DLP', 80, 'right'],
  UpdatedAt: ['Updated At', 160, 'center'],
  DeleteAt: ['Delete At', 160, 'center'],
  FileSize: ['File Size', 100, 'right'],
  // Series level.
  SeriesNumber: ['Series Number', 80, 'right'],
  SeriesDescription: ['Series Description', 200, 'left'],
  Modality: ['Modality', 90, 'center'],
  BodyPartExamined: ['Body Part', 120, 'left'],
  SeriesDateTime: ['Series Date', 160, 'center'],
  SeriesInstanceUID: ['Series Instance UID', 300, 'left'],
  NumberOfSeriesRelatedInstances: ['Images', 70, 'right'],
  CTDIvol: ['CTDIvol', 80, 'right'],
  DLP: ['DLP', 80, 'right'],
  // Instance level.
  InstanceNumber: ['Instance Number', 80, 'right'],
  NumberOfFrames: ['Frames', 70, 'right'],
  SOPInstanceUID: ['SOP Instance UID', 300, 'left'],
  // Worklist.
  Status: ['Status', 140, 'center'],
  // The study list's view of the worklist entry a study was performed for.
  WorklistEntry: ['Order', 120, 'left'],
  // Shares.
  SharedBy: ['Shared By', 140, 'left'],
  SharedWith: ['Shared With', 200, 'left'],
  ExpiresAt: ['Expires At', 160, 'center'],
} as const satisfies Record<string, readonly [string, number, Alignment]>;

export type ColumnKey = keyof typeof CATALOGUE;

export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 400;

/** The catalogue's label of a column (what the configs hold until an administrator renames it). */
export function defaultColumnLabel(key: string): string | undefined {
  return Object.hasOwn(CATALOGUE, key) ? CATALOGUE[key as ColumnKey][0] : undefined;
}

/** A fresh column setting from the catalogue. */
export function column(key: ColumnKey, isVisible = true): ColumnSetting {
  const [label, width, alignment] = CATALOGUE[key];
  return { key, label, width, alignment, is_visible: isVisible };
}

/** Columns from a list of keys, all visible except those named in `hidden`. */
export function columns(keys: readonly ColumnKey[], hidden: readonly ColumnKey[] = []): ColumnSetting[] {
  return keys.map((key) => column(key, !hidden.includes(key)));
}

/** The command cells of the share lists (spec 3 §2): info, edit and delete, each an icon wide. */
export const SHARE_COMMANDS = ['info', 'edit', 'delete'] as const;
export type ShareCommand = (typeof SHARE_COMMANDS)[number];

export function commandColumns(): ColumnSetting[] {
  const labels: Record<ShareCommand, string> = { info: 'Info', edit: 'Edit', delete: 'Delete' };
  return SHARE_COMMANDS.map((key) => ({ key, label: labels[key], width: 44, alignment: 'center', is_visible: true, is_cmd: true }));
}
