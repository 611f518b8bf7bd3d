/**
 * Headings of list columns and names of toolbar folders that come from the configs' defaults
 * (English there), shown in the user's language. A label an administrator wrote stays as written:
 * only a label still equal to the default for its key is translated.
 */
import { defineMessages, type IntlShape } from 'react-intl';
import { defaultColumnLabel, DEFAULT_FOLDER_LABELS, type ToolbarItem } from '@pacs/common';

const COLUMNS = defineMessages({
  IsFavorite: { id: 'columns.is_favorite' },
  IsShared: { id: 'columns.is_shared' },
  Priority: { id: 'columns.priority' },
  ReadingStatus: { id: 'columns.reading_status' },
  AssignedTo: { id: 'columns.assigned_to' },
  AssignedAt: { id: 'columns.assigned_at' },
  OrderedAt: { id: 'columns.ordered_at' },
  ReadAt: { id: 'columns.read_at' },
  ReportStatus: { id: 'columns.report_status' },
  PatientID: { id: 'columns.patient_id' },
  PatientName: { id: 'columns.patient_name' },
  PatientBirthDate: { id: 'columns.patient_birth_date' },
  PatientAge: { id: 'columns.patient_age' },
  PatientSex: { id: 'columns.patient_sex' },
  PatientComments: { id: 'columns.patient_comments' },
  ModalitiesInStudy: { id: 'columns.modalities_in_study' },
  BodyPartsInStudy: { id: 'columns.body_parts_in_study' },
  StudyDateTime: { id: 'columns.study_date_time' },
  StudyDate: { id: 'columns.study_date' },
  StudyTime: { id: 'columns.study_time' },
  StudyDescription: { id: 'columns.study_description' },
  StudyID: { id: 'columns.study_id' },
  StudyInstanceUID: { id: 'columns.study_instance_uid' },
  NumberOfStudyRelatedSeries: { id: 'columns.number_of_study_related_series' },
  NumberOfStudyRelatedInstances: { id: 'columns.number_of_study_related_instances' },
  AccessionNumber: { id: 'columns.accession_number' },
  Institution: { id: 'columns.institution' },
  InstitutionName: { id: 'columns.institution_name' },
  ReferringPhysicianName: { id: 'columns.referring_physician_name' },
  PerformingPhysicianName: { id: 'columns.performing_physician_name' },
  AETitle: { id: 'columns.ae_title' },
  Note: { id: 'columns.note' },
  CTDIvols: { id: 'columns.ctd_ivols' },
  TotalDLP: { id: 'columns.total_dlp' },
  UpdatedAt: { id: 'columns.updated_at' },
  DeleteAt: { id: 'columns.delete_at' },
  FileSize: { id: 'columns.file_size' },
  SeriesNumber: { id: 'columns.series_number' },
  SeriesDescription: { id: 'columns.series_description' },
  Modality: { id: 'columns.modality' },
  BodyPartExamined: { id: 'columns.body_part_examined' },
  SeriesDateTime: { id: 'columns.series_date_time' },
  SeriesInstanceUID: { id: 'columns.series_instance_uid' },
  NumberOfSeriesRelatedInstances: { id: 'columns.number_of_series_related_instances' },
  CTDIvol: { id: 'columns.ctd_ivol' },
  DLP: { id: 'columns.dlp' },
  InstanceNumber: { id: 'columns.instance_number' },
  NumberOfFrames: { id: 'columns.number_of_frames' },
  SOPInstanceUID: { id: 'columns.sop_instance_uid' },
  Status: { id: 'columns.status' },
  WorklistEntry: { id: 'columns.worklist_entry' },
  SharedBy: { id: 'columns.shared_by' },
  SharedWith: { id: 'columns.shared_with' },
  ExpiresAt: { id: 'columns.expires_at' },
});

const FOLDERS = defineMessages({
  Edit: { id: 'toolbars.folders.edit' },
  Teleradiology: { id: 'toolbars.folders.teleradiology' },
  Transform: { id: 'toolbars.folders.transform' },
  Annotation: { id: 'toolbars.folders.annotation' },
  Display: { id: 'toolbars.folders.display' },
});

/** A column's heading in the user's language, or the administrator's own label. */
export function columnLabel(intl: IntlShape, column: { key: string; label: string }): string {
  const message = COLUMNS[column.key as keyof typeof COLUMNS];
  return message && column.label === defaultColumnLabel(column.key) ? intl.formatMessage(message) : column.label;
}

/** A toolbar folder's name in the user's language, or the administrator's own name. */
export function folderLabel(intl: IntlShape, item: Pick<ToolbarItem, 'label'>): string {
  const name = DEFAULT_FOLDER_LABELS.find((label) => label === item.label);
  return name ? intl.formatMessage(FOLDERS[name]) : item.label;
}
