import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const documentTitlesQueryKey = ['reports', 'titles'] as const;

/** `GET /documents/titles`: titles used before, offered while typing a title. */
export function getDocumentTitles(): Promise<string[]> {
  return api.get<string[]>('/documents/titles');
}

export function getDocumentTitlesQueryOptions() {
  return queryOptions({ queryKey: documentTitlesQueryKey, queryFn: getDocumentTitles, staleTime: 60_000 });
}

export function useDocumentTitles() {
  return useQuery(getDocumentTitlesQueryOptions());
}
