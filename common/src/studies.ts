/** Rows of the study list and its series and instances (spec 2 §3). */

/** A study row of the list (spec 2 §3 "Study (list row)"), as `/studies/search` answers it. */
export interface StudyItem {
  StudyInstanceUID: string;
  StudyDate: string;
  StudyTime: string;
  StudyDateTime: string;
  UpdatedAt: string;
  IsFavorite: boolean;
  IsShared: boolean;
  ReportStatus: string;
  PatientID: string;
  PatientName: string;
  PatientBirthDate: string;
  PatientAge: string;
  PatientSex: string;
  PatientComments: string;
  ModalitiesInStudy: string[];
  BodyPartsInStudy: string[];
  StudyDescription: string;
  StudyID: string;
  NumberOfStudyRelatedSeries: number;
  NumberOfStudyRelatedInstances: number;
  AccessionNumber: string;
  Institution: number | null;
  InstitutionName: string;
  ReferringPhysicianName: string;
  PerformingPhysicianName: string;
  AETitle: string;
  Note: string;
  FileSize: number;
  CTDIvols: number[];
  TotalDLP: number | null;
  /**
   * The worklist entry (order) the study was performed for: null when none, absent when the caller
   * may not see worklist entries (no `mwm` permission, or an edition without the worklist).
   */
  WorklistEntry?: StudyWorklistEntry | null;
}

/** What the study list shows of the order a study was performed for (docs/decisions.md "Modality worklist"). */
export interface StudyWorklistEntry {
  /** The entry's key, for `/mwm?uid=`. */
  UID: string;
  /** none, in_progress, completed, disabled (a deleted entry is not shown). */
  Status: string;
  AccessionNumber: string;
  RequestedProcedureDescription: string;
  Modality: string;
  /** The scheduled start, `YYYYMMDD` and `HHMMSS` (or ''). */
  ScheduledDate: string;
  ScheduledTime: string;
}

/** `GET /series/fromstudy` (spec 2 §3 "Series columns"). */
export interface SeriesItem {
  StudyInstanceUID: string;
  SeriesInstanceUID: string;
  SeriesNumber: number | null;
  SeriesDescription: string;
  Modality: string;
  BodyPartExamined: string;
  SeriesDate: string;
  SeriesTime: string;
  SeriesDateTime: string;
  NumberOfSeriesRelatedInstances: number;
  UpdatedAt: string;
  CTDIvol: number | null;
  DLP: number | null;
  FileSize: number;
  /**
   * The series' first instance in the instance list's default order (InstanceNumber), null when
   * none is left: the viewer asks for its file with the series list instead of a round trip later.
   */
  FirstSOPInstanceUID: string | null;
}

/** `GET /instances/fromseries` (spec 2 §3 "Instance columns"). */
export interface InstanceItem {
  StudyInstanceUID: string;
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  InstanceNumber: number | null;
  NumberOfFrames: number;
  FileSize: number;
}

/** A whole study, a series of a study, or an instance of a series, by UIDs (forward, delete). */
export interface ResourceItem {
  StudyInstanceUID: string;
  SeriesInstanceUID?: string;
  SOPInstanceUID?: string;
}

/** A page of a list: `/studies/search` (spec 2 §3 "Worklist response" has the same shape). */
export interface ListResponse<T> {
  Count: number;
  /** True when Count is the database's estimate (more than 10,000 matches). */
  CountIsEstimate?: boolean;
  Items: T[];
  Limit: number;
  Offset: number;
  RequestedAt: string;
}
