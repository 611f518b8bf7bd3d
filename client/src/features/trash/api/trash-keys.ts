/** The recycle bin's query keys: one root, so a restore or delete refreshes every part of the screen. */
import type { TrashId } from '@pacs/common';

export const trashQueryKey = ['trash'] as const;

export const trashKeys = {
  studies: (limit: number, offset: number) => [...trashQueryKey, 'studies', { limit, offset }] as const,
  series: (studyId: TrashId) => [...trashQueryKey, 'series', studyId] as const,
  instances: (seriesId: TrashId) => [...trashQueryKey, 'instances', seriesId] as const,
  deleteRuns: () => [...trashQueryKey, 'delete-runs'] as const,
  settings: () => [...trashQueryKey, 'settings'] as const,
};
