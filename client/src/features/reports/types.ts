/**
 * Reports and their documents as the adapter answers them (adapter/src/features/reports,
 * spec 2 §3 "Report", "Document"). Field names are the server's.
 */
import type { StudyItem } from '@pacs/common';
export const DOCUMENT_STATUSES = ['None', 'Draft', 'Final'] as const;
export type EditableStatus = (typeof DOCUMENT_STATUSES)[number];
export type DocumentStatus = EditableStatus | 'Deleted';

export interface ReportDocument {
  Id: number;
  Report: number;
  Account: string | null;
  DoctorName: string;
  Title: string;
  Findings: string;
  Impression: string;
  Comments: string;
  Row_1: string;
  Row_2: string;
  Row_3: string;
  Row_4: string;
  Row_5: string;
  Row_6: string;
  Row_7: string;
  Status: DocumentStatus;
  UpdatedAt: string;
  /** The newest non-deleted document of its report. */
  is_last: boolean;
  label: string;
}

export interface Report {
  No: number;
  Name: string;
  StudyInstanceUID: string;
  CreatedAt: string;
  /** Newest first. */
  documents: ReportDocument[];
  titles: string[];
}

/** The study facts the report header shows (`GET /studies/find`). */
export type ReportStudy = Pick<
  StudyItem,
  | 'StudyInstanceUID'
  | 'PatientName'
  | 'PatientID'
  | 'PatientBirthDate'
  | 'PatientSex'
  | 'StudyDate'
  | 'ModalitiesInStudy'
  | 'StudyDescription'
  | 'AccessionNumber'
  | 'ReportStatus'
>;

/** A key image of the study (`GET /keyimages/fromstudy`); `No` is what a document sends. */
export interface StudyKeyImage {
  No: number;
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  /** 1-based. */
  Frame: number;
  Account: string | null;
  CreatedAt: string;
}

/** A key image saved with a document (`GET /keyimages/fromdocument`). */
export interface DocumentKeyImage {
  Position: number;
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  Frame: number;
}
