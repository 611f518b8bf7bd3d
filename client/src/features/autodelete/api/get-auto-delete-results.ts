import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AutoDeleteRunList } from '../types.ts';

export const autoDeleteResultsQueryKey = ['autodelete', 'results'] as const;

/** `GET /autodelete/results?limit&offset`: the runs, newest first. */
export function getAutoDeleteResults(page: { limit: number; offset: number }): Promise<AutoDeleteRunList> {
  return api.get<AutoDeleteRunList>('/autodelete/results', { query: page });
}

export function getAutoDeleteResultsQueryOptions(page: { limit: number; offset: number }) {
  return queryOptions({
    queryKey: [...autoDeleteResultsQueryKey, page],
    queryFn: () => getAutoDeleteResults(page),
    placeholderData: keepPreviousData,
  });
}

export function useAutoDeleteResults(page: { limit: number; offset: number }) {
  return useQuery(getAutoDeleteResultsQueryOptions(page));
}
