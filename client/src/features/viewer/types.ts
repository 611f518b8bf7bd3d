/** The parts of the study index answers the viewer reads (spec 2 §7 "Studies and lists"). */
export interface ViewerStudy {
  StudyInstanceUID: string;
  StudyDate: string;
  StudyDescription: string;
  PatientID: string;
  PatientName: string;
  ModalitiesInStudy: string[];
}

export interface ViewerSeries {
  StudyInstanceUID: string;
  SeriesInstanceUID: string;
  SeriesNumber: number | null;
  SeriesDescription: string | null;
  Modality: string | null;
  NumberOfSeriesRelatedInstances: number;
}

export interface ViewerInstance {
  StudyInstanceUID: string;
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  InstanceNumber: number | null;
  NumberOfFrames: number | null;
}
