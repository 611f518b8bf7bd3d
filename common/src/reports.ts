/** Reports, their documents and the key images a document shows (spec 2 §3 "Report", "Document"). */

/** The statuses a document is written with; 'Deleted' is only ever set by deleting it. */
export const DOCUMENT_STATUSES = ['None', 'Draft', 'Final'] as const;
export type EditableStatus = (typeof DOCUMENT_STATUSES)[number];
export type DocumentStatus = EditableStatus | 'Deleted';

/** A document of a report (`GET /documents/fromreport`, and within `GET /reports/fromstudy`). */
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

/** One report of a study (`GET /reports/fromstudy`). */
export interface Report {
  No: number;
  Name: string;
  StudyInstanceUID: string;
  CreatedAt: string;
  /** Newest first. */
  documents: ReportDocument[];
  titles: string[];
}

/** A key image saved with a document (`GET /keyimages/fromdocument`). */
export interface DocumentKeyImage {
  Position: number;
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  /** 1-based. */
  Frame: number;
}
