import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Dashboard } from '../types.ts';

/** Spec 1 §4: the dashboard's server status is reloaded every 30 s. */
export const DASHBOARD_REFRESH_MS = 30_000;

/** `GET /dashboard`: today's arrivals, live connections, last studies, server status. */
export function getDashboard(): Promise<Dashboard> {
  return api.get<Dashboard>('/dashboard');
}

export function getDashboardQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard'],
    queryFn: getDashboard,
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
