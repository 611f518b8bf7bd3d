import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IndexStatus } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/** `GET /server/index/status` (administrators): where the study index stands against Orthanc. */
export function getIndexStatus(): Promise<IndexStatus> {
  return api.get<IndexStatus>('/server/index/status');
}

/** Polled while an administrator is signed in; failures stay quiet (the offline banner covers outages). */
export function getIndexStatusQueryOptions() {
  return queryOptions({
    queryKey: ['server', 'index', 'status'],
    queryFn: getIndexStatus,
    refetchInterval: 15_000,
    refetchIntervalInBackground: false,
    retry: false,
    meta: { silent: true },
  });
}

export function useIndexStatus(enabled: boolean) {
  return useQuery({ ...getIndexStatusQueryOptions(), enabled });
}
