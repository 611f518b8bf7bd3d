import { queryOptions, useQuery } from '@tanstack/react-query';
import { SERVER_STATUS_REFRESH_MS, type ServerStatus } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

export const serverStatusQueryKey = ['server', 'status'] as const;

/** `GET /server/status` (all, admin or dashboard): folders, log level, region, time zone, web server. */
export function getServerStatus(): Promise<ServerStatus> {
  return api.get<ServerStatus>('/server/status');
}

/**
 * Spec 1 §4 "When the role changes": loaded at once and every 30 s while signed in. Spec 3 §8:
 * status calls do not use the shared error handler, so a failed refresh stays quiet.
 */
export function getServerStatusQueryOptions() {
  return queryOptions({
    queryKey: serverStatusQueryKey,
    queryFn: getServerStatus,
    refetchInterval: SERVER_STATUS_REFRESH_MS,
    retry: false,
    meta: { silent: true },
  });
}

export function useServerStatus(enabled: boolean) {
  return useQuery({ ...getServerStatusQueryOptions(), enabled });
}
