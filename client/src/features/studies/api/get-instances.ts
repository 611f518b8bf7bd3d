import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { InstanceItem } from '../types.ts';

export const instancesQueryKey = (seriesInstanceUid: string | null) => ['instances', 'fromseries', seriesInstanceUid] as const;

/** `GET /instances/fromseries?uid=`: the instances of a series, InstanceNumber ascending. */
export function getInstances(seriesInstanceUid: string): Promise<InstanceItem[]> {
  return api.get<InstanceItem[]>('/instances/fromseries', { query: { uid: seriesInstanceUid } });
}

/** Null while no series is chosen. */
export function getInstancesQueryOptions(seriesInstanceUid: string | null) {
  return queryOptions({
    queryKey: instancesQueryKey(seriesInstanceUid),
    queryFn: () => getInstances(seriesInstanceUid ?? ''),
    enabled: seriesInstanceUid !== null,
    // Instances of a stored series do not change while it is open (the list fetches its own rows).
    staleTime: 5 * 60_000,
  });
}

export function useInstances(seriesInstanceUid: string | null) {
  return useQuery(getInstancesQueryOptions(seriesInstanceUid));
}
