/**
 * What the export dialog sends for the list's selection: a selected study whole, and the selected
 * series of studies not selected whole (instances are not exported on their own).
 */
import type { ExportItem } from '@pacs/common';
import type { StudyNode } from './selection.ts';

export interface ExportSelection {
  items: ExportItem[];
  /** Studies selected whole. */
  studies: number;
  /** Series selected in studies that are not. */
  series: number;
}

export function exportSelection(rows: readonly StudyNode[]): ExportSelection {
  const selection: ExportSelection = { items: [], studies: 0, series: 0 };
  for (const study of rows) {
    const uid = study.item.StudyInstanceUID;
    if (study.is_selected) {
      selection.items.push({ StudyInstanceUID: uid });
      selection.studies++;
      continue;
    }
    for (const series of study.series ?? []) {
      if (!series.is_selected) continue;
      selection.items.push({ StudyInstanceUID: uid, SeriesInstanceUID: series.item.SeriesInstanceUID });
      selection.series++;
    }
  }
  return selection;
}
