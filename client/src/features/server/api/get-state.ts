import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerState } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/** `GET /state` (public): product name, edition, and whether Orthanc and the database are up. */
export function getState(): Promise<ServerState> {
  return api.get<ServerState>('/state');
}

export function getStateQueryOptions() {
  return queryOptions({ queryKey: ['state'], queryFn: getState, staleTime: 60_000, meta: { silent: true } });
}

export function useServerState() {
  return useQuery(getStateQueryOptions());
}
