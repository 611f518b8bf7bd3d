import type { DeleteItem } from '@pacs/common';
import type { LevelCounts } from './counts.ts';

/** What the list's selection names: whole studies, series (of studies that stay) and single instances. */
export function deleteSummary(items: readonly DeleteItem[]): LevelCounts {
  return {
    studies: items.filter((item) => item.SeriesInstanceUID === undefined).length,
    series: items.filter((item) => item.SeriesInstanceUID !== undefined && item.SOPInstanceUID === undefined).length,
    instances: items.filter((item) => item.SOPInstanceUID !== undefined).length,
  };
}
