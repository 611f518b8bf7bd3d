import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { InstanceItem } from '../types.ts';

export const instancesQueryKey = (seriesInstanceUid: string) => ['instances', 'fromseries', seriesInstanceUid] as const;

/** `GET /instances/fromseries?uid=`: the instances of a series, InstanceNumber ascending. */
export function getInstances(seriesInstanceUid: string): Promise<InstanceItem[]> {
  return api.get<InstanceItem[]>('/instances/fromseries', { query: { uid: seriesInstanceUid } });
}

export function getInstancesQueryOptions(seriesInstanceUid: string) {
  return queryOptions({
    queryKey: instancesQueryKey(seriesInstanceUid),
    queryFn: () => getInstances(seriesInstanceUid),
    staleTime: 0,
  });
}

export function useInstances(seriesInstanceUid: string) {
  return useQuery(getInstancesQueryOptions(seriesInstanceUid));
}
