import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceInfo } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

export const serviceInfoQueryKey = ['service', 'info'] as const;

/** `GET /service/info`: the licence in force with its limits, and the database status. */
export function getServiceInfo(): Promise<ServiceInfo> {
  return api.get<ServiceInfo>('/service/info');
}

export function getServiceInfoQueryOptions() {
  // Spec 3 §4 "Periodic refresh": server facts are reloaded every 30 s while signed in.
  return queryOptions({ queryKey: serviceInfoQueryKey, queryFn: getServiceInfo, refetchInterval: 30_000 });
}

export function useServiceInfo(enabled = true) {
  return useQuery({ ...getServiceInfoQueryOptions(), enabled });
}
