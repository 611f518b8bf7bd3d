import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrashId, TrashInstance } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { trashKeys } from './trash-keys.ts';

/** `GET /trashbox/instances?seriesid=series-34`: the instances of a series in the bin. */
export function getTrashInstances(seriesId: TrashId): Promise<TrashInstance[]> {
  return api.get<TrashInstance[]>('/trashbox/instances', { query: { seriesid: seriesId } });
}

export function getTrashInstancesQueryOptions(seriesId: TrashId) {
  return queryOptions({ queryKey: trashKeys.instances(seriesId), queryFn: () => getTrashInstances(seriesId), staleTime: 0 });
}

export function useTrashInstances(seriesId: TrashId) {
  return useQuery(getTrashInstancesQueryOptions(seriesId));
}
