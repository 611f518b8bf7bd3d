import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /studies/aetitles`: Sending AE titles of the studies in the archive (suggestions for targets). */
export function getAeTitles(): Promise<string[]> {
  return api.get<string[]>('/studies/aetitles');
}

export function getAeTitlesQueryOptions() {
  // Only suggestions: a failure leaves the list empty instead of interrupting the dialog.
  return queryOptions({ queryKey: ['studies', 'aetitles'], queryFn: getAeTitles, meta: { silent: true }, retry: false });
}

export function useAeTitles() {
  return useQuery(getAeTitlesQueryOptions());
}
