/** The parts of the study index answers the viewer reads (spec 2 §7 "Studies and lists"). */
import type { InstanceItem, SeriesItem, StudyItem } from '@pacs/common';

export type ViewerStudy = Pick<
  StudyItem,
  'StudyInstanceUID' | 'StudyDate' | 'StudyDescription' | 'PatientID' | 'PatientName' | 'ModalitiesInStudy'
>;

export type ViewerSeries = Pick<
  SeriesItem,
  | 'StudyInstanceUID'
  | 'SeriesInstanceUID'
  | 'SeriesNumber'
  | 'SeriesDescription'
  | 'Modality'
  | 'BodyPartExamined'
  | 'NumberOfSeriesRelatedInstances'
>;

export type ViewerInstance = Pick<
  InstanceItem,
  'StudyInstanceUID' | 'SeriesInstanceUID' | 'SOPInstanceUID' | 'InstanceNumber' | 'NumberOfFrames'
>;
