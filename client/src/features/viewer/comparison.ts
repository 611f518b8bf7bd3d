/**
 * Comparison with other studies of the same patient (spec 2 §2 "comparison", the viewer's
 * patient, modality and study pickers): which of the patient's studies the study picker offers,
 * and the study facts the overlay shows for a compared study's viewport.
 */
import type { StudyItem } from '@pacs/common';
import type { ViewerStudy } from './types.ts';

/** Distinct modalities of the patient's studies, sorted, for the modality picker. */
export function modalitiesOf(studies: readonly StudyItem[]): string[] {
  return [...new Set(studies.flatMap((study) => study.ModalitiesInStudy))].filter(Boolean).sort();
}

/**
 * The studies the study picker offers: the patient's others (not the open one), with one of the
 * chosen modalities when any is chosen, newest first.
 */
export function comparableStudies(studies: readonly StudyItem[], openStudyUid: string, modalities: readonly string[]): StudyItem[] {
  return studies
    .filter((study) => study.StudyInstanceUID !== openStudyUid)
    .filter((study) => modalities.length === 0 || study.ModalitiesInStudy.some((modality) => modalities.includes(modality)))
    .sort((a, b) => (b.StudyDateTime || b.StudyDate).localeCompare(a.StudyDateTime || a.StudyDate));
}

/** The list row of a study, as the facts the viewer shows about it. */
export function toViewerStudy(study: StudyItem): ViewerStudy {
  return {
    StudyInstanceUID: study.StudyInstanceUID,
    StudyDate: study.StudyDate,
    StudyDescription: study.StudyDescription,
    PatientID: study.PatientID,
    PatientName: study.PatientName,
    ModalitiesInStudy: study.ModalitiesInStudy,
  };
}
