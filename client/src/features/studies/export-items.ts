/**
 * What the export dialog sends for the list's selection, at the highest level wholly selected
 * (selectedResources): a study whole, else its selected series, else the selected instances of
 * its other series — the same items forwarding sends.
 */
import type { ExportItem } from '@pacs/common';
import { selectedResources, type StudyNode } from './selection.ts';

/** One study with something selected, and how much of it. */
export interface ExportedStudy {
  study: StudyNode;
  /** Selected whole. */
  whole: boolean;
  /** Series selected whole (when the study is not). */
  series: number;
  /** Instances selected in series that are not selected whole. */
  instances: number;
}

export interface ExportSelection {
  items: ExportItem[];
  /** Studies selected whole. */
  studies: number;
  /** Series selected in studies that are not. */
  series: number;
  /** Instances selected in series that are not. */
  instances: number;
  /** The number of DICOM files the archive will hold. */
  files: number;
  /** The studies concerned, in list order. */
  rows: ExportedStudy[];
}

export function exportSelection(rows: readonly StudyNode[]): ExportSelection {
  const selection: ExportSelection = { items: selectedResources(rows), studies: 0, series: 0, instances: 0, files: 0, rows: [] };
  const byStudy = new Map<string, ExportedStudy>();
  for (const item of selection.items) {
    const study = rows.find((row) => row.item.StudyInstanceUID === item.StudyInstanceUID);
    if (!study) continue;
    let entry = byStudy.get(item.StudyInstanceUID);
    if (!entry) {
      entry = { study, whole: false, series: 0, instances: 0 };
      byStudy.set(item.StudyInstanceUID, entry);
      selection.rows.push(entry);
    }
    if (item.SeriesInstanceUID === undefined) {
      entry.whole = true;
      selection.studies++;
      selection.files += study.item.NumberOfStudyRelatedInstances;
    } else if (item.SOPInstanceUID === undefined) {
      entry.series++;
      selection.series++;
      const series = study.series?.find((node) => node.item.SeriesInstanceUID === item.SeriesInstanceUID);
      selection.files += series?.item.NumberOfSeriesRelatedInstances ?? 0;
    } else {
      entry.instances++;
      selection.instances++;
      selection.files++;
    }
  }
  return selection;
}
