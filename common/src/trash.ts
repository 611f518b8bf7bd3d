/**
 * The recycle bin (issue 16; spec 2 §2–§4, §7; ARCHITECTURE "Recycle bin"). Deleting from the list
 * marks studies, series or instances as trashed in the index: hidden at once from every list, lookup,
 * share and DICOMweb path, kept in Orthanc until the retention period ends or an administrator
 * deletes them for good. Restore removes the mark.
 *
 * Ids in the bin name a level and an index row: `study-12`, `series-34`, `instance-56`. A study in
 * the bin is either trashed whole (IsWhole) or holds trashed series or instances of a study that
 * stays in the list; its FileSize counts only what is in the bin.
 */
import type { ResourceItem } from './studies.ts';
import { MESSAGES } from './validation.ts';

/** What the list's delete names: a whole study, some of its series, or some instances of one series. */
export type DeleteItem = ResourceItem;

/** The most items one `POST /studies/delete` may name. */
export const DELETE_MAX_ITEMS = 10_000;

/** `POST /studies/delete` → what went to the bin. */
export interface DeleteResult {
  Studies: number;
  Series: number;
  Instances: number;
}

export type TrashLevel = 'study' | 'series' | 'instance';

export type TrashId = `${TrashLevel}-${number}`;

const TRASH_ID = /^(study|series|instance)-([1-9][0-9]{0,17})$/;

/** A bin id read from a request: its level and index row id, or null when malformed. */
export function parseTrashId(value: unknown): { level: TrashLevel; id: number } | null {
  if (typeof value !== 'string') return null;
  const match = TRASH_ID.exec(value);
  if (!match) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { level: match[1] as TrashLevel, id } : null;
}

/** A study in the bin: `GET /trashbox/studies` (spec 2 §3 "Recycle bin study"). */
export interface TrashStudy {
  Id: TrashId;
  StudyInstanceUID: string;
  PatientID: string;
  PatientName: string;
  StudyDate: string;
  StudyTime: string;
  StudyDateTime: string;
  ModalitiesInStudy: string[];
  StudyDescription: string;
  AccessionNumber: string;
  Institution: number | null;
  InstitutionName: string;
  /** True when the whole study is in the bin; false when only some of its series or instances are. */
  IsWhole: boolean;
  /** Series and instances in the bin (for a whole study: all of them). */
  NumberOfSeries: number;
  NumberOfInstances: number;
  /** Bytes in the bin. */
  FileSize: number;
  /** When it went to the bin (ISO 8601); the earliest of its parts. */
  TrashedAt: string;
  TrashedBy: string | null;
  /** When the retention job deletes it for good (ISO 8601): TrashedAt + TrashRetentionPeriod days. */
  DeleteAt: string;
  /** A permanent delete is under way (or was interrupted and will be finished). */
  IsDeleting: boolean;
}

/** `GET /trashbox/studies?orderby=createdat+desc&limit&offset`. */
export interface TrashStudyList {
  Count: number;
  Items: TrashStudy[];
  Limit: number;
  Offset: number;
  /** Bytes of everything in the bin. */
  TotalSize: number;
  RequestedAt: string;
}

/** `GET /trashbox/series?studyid=study-12`: series of a study in the bin (for a whole study, all its series). */
export interface TrashSeries {
  Id: TrashId;
  study_id: TrashId;
  SeriesInstanceUID: string;
  SeriesNumber: number | null;
  Modality: string;
  SeriesDescription: string;
  BodyPartExamined: string;
  SeriesDate: string;
  SeriesTime: string;
  SeriesDateTime: string;
  /** Instances of the series that are in the bin. */
  NumberOfSeriesRelatedInstances: number;
  FileSize: number;
  /** True when the series itself is in the bin (or its study is); false when only some instances are. */
  IsWhole: boolean;
}

/** `GET /trashbox/instances?seriesid=series-34`. */
export interface TrashInstance {
  Id: TrashId;
  series_id: TrashId;
  SOPInstanceUID: string;
  InstanceNumber: number | null;
  NumberOfFrames: number;
  FileSize: number;
}

/** `POST /trashbox/restorerequest?id=…|all` → what came back. */
export interface RestoreResult {
  Studies: number;
  Series: number;
  Instances: number;
}

export type TrashDeleteTrigger = 'manual' | 'retention' | 'auto_delete';

/** One permanent delete run: `DELETE /trashbox/delete` answers it; `GET /trashdelete/results` lists them, newest first. */
export interface TrashDeleteRun {
  No: number;
  Trigger: TrashDeleteTrigger;
  /** Who asked (manual), null for the scheduled jobs. */
  Account: string | null;
  StartedAt: string;
  FinishedAt: string | null;
  Studies: number;
  Series: number;
  Instances: number;
  FileSize: number;
  /** Items Orthanc would not delete (they stay in the bin and are tried again by the next run). */
  Failed: number;
  /** The settings in force, as JSON (spec 2 §3 "Trash history entries carry a Settings JSON"). */
  Settings: string;
}

/** `GET /trashboxsettings/find`, `PATCH /trashboxsettings/update`. */
export interface TrashSettings {
  /** Days an item stays in the bin before the retention job deletes it for good. */
  TrashRetentionPeriod: number;
}

export const TRASH_RETENTION_DEFAULT_DAYS = 30;
export const TRASH_RETENTION_MAX_DAYS = 3650;

/** The rule of TrashRetentionPeriod (a whole number of days, 1–3650): the catalogue's message, or null when fine. */
export function trashRetentionProblem(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return MESSAGES.required;
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(number) && number >= 1 && number <= TRASH_RETENTION_MAX_DAYS ? null : MESSAGES.invalid;
}
