/**
 * Reports and their documents as the adapter answers them (declared in common/src/reports.ts,
 * spec 2 §3 "Report", "Document"), and the study facts the report header shows.
 */
import type { StudyItem } from '@pacs/common';

export {
  DOCUMENT_STATUSES,
  type DocumentKeyImage,
  type DocumentStatus,
  type EditableStatus,
  type KeyImage,
  type Report,
  type ReportDocument,
} from '@pacs/common';
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
