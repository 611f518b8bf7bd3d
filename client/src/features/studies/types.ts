/**
 * Rows of the study list (spec 2 §3 "Study (list row)", "Series columns", "Instance columns") as
 * the adapter answers them (adapter/src/features/studies). Field names are the server's.
 */
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
}

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
}

export interface InstanceItem {
  StudyInstanceUID: string;
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  InstanceNumber: number | null;
  NumberOfFrames: number | null;
  FileSize: number;
}

/** `GET /studies/search` (spec 2 §3 "Worklist response" has the same shape). */
export interface StudyListResponse {
  Count: number;
  Items: StudyItem[];
  Limit: number;
  Offset: number;
  RequestedAt: string;
}

/** Any row of the three levels, read by column key. */
export type ListItem = StudyItem | SeriesItem | InstanceItem;
export type ListLevel = 'study' | 'series' | 'instance';
