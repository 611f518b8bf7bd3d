import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ViewerInstance } from '../types.ts';

/** `GET /instances/fromseries?uid=`: the instances of a series, InstanceNumber ascending. */
export function getInstances(seriesInstanceUid: string): Promise<ViewerInstance[]> {
  return api.get<ViewerInstance[]>('/instances/fromseries', { query: { uid: seriesInstanceUid } });
}

export function getInstancesQueryOptions(seriesInstanceUid: string | null) {
  return queryOptions({
    queryKey: ['viewer', 'instances', seriesInstanceUid],
    queryFn: () => getInstances(seriesInstanceUid ?? ''),
    enabled: seriesInstanceUid !== null,
    // Instances of a stored series do not change while it is open.
    staleTime: 5 * 60_000,
  });
}

export function useInstances(seriesInstanceUid: string | null) {
  return useQuery(getInstancesQueryOptions(seriesInstanceUid));
}
