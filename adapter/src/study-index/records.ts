/** The rows the study index is made of, as the indexer collects them from Orthanc. */
import type { OrthancChange } from '../orthanc/client.ts';

export interface StudyRecord {
  orthancId: string;
  studyInstanceUid: string;
  patientId: string;
  patientName: string;
  patientBirthDate: string;
  patientSex: string;
  patientAge: string;
  patientComments: string;
  studyDate: string;
  studyTime: string;
  accessionNumber: string;
  studyDescription: string;
  studyId: string;
  referringPhysicianName: string;
  performingPhysicianName: string;
  institutionName: string;
  aeTitle: string;
}

export interface SeriesRecord {
  orthancId: string;
  studyOrthancId: string;
  seriesInstanceUid: string;
  seriesNumber: number | null;
  seriesDescription: string;
  modality: string;
  bodyPartExamined: string;
  seriesDate: string;
  seriesTime: string;
  performingPhysicianName: string;
  institutionName: string;
  aeTitle: string;
  ctdivol: number | null;
}

export interface InstanceRecord {
  orthancId: string;
  seriesOrthancId: string;
  sopInstanceUid: string;
  instanceNumber: number | null;
  numberOfFrames: number;
  fileSize: number;
  /** Orthanc's attachment UUID of the file (FileUuid), null when Orthanc gave none. */
  fileUuid: string | null;
}

export interface Batch {
  studies: Map<string, StudyRecord>;
  series: Map<string, SeriesRecord>;
  instances: InstanceRecord[];
  deleted: { level: OrthancChange['ResourceType']; orthancId: string }[];
  /** Orthanc ids of studies that became stable (StableStudy): their worklist entries are completed. */
  stableStudies: string[];
}

export function emptyBatch(): Batch {
  return { studies: new Map(), series: new Map(), instances: [], deleted: [], stableStudies: [] };
}

/** Upper-cased name with the PN structure flattened, for partial and forward/backward search. */
export function searchableName(name: string): string {
  return name
    .replace(/[\^=]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
}
