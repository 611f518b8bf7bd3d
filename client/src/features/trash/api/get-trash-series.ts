import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrashId, TrashSeries } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { trashKeys } from './trash-keys.ts';

/** `GET /trashbox/series?studyid=study-12`: the series of a study in the bin (for a whole study, all of them). */
export function getTrashSeries(studyId: TrashId): Promise<TrashSeries[]> {
  return api.get<TrashSeries[]>('/trashbox/series', { query: { studyid: studyId } });
}

export function getTrashSeriesQueryOptions(studyId: TrashId) {
  return queryOptions({ queryKey: trashKeys.series(studyId), queryFn: () => getTrashSeries(studyId), staleTime: 0 });
}

export function useTrashSeries(studyId: TrashId) {
  return useQuery(getTrashSeriesQueryOptions(studyId));
}
