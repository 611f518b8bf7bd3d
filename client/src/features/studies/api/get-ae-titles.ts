import { queryOptions, useQuery } from '@tanstack/react-query';
import { mergeAeTitles } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/**
 * The AE title suggestions: `GET /studies/aetitles` (senders of stored studies) merged with
 * `GET /users/aetitles` (registered DICOM users), as spec 3 §7 asks.
 */
export async function getAeTitles(): Promise<string[]> {
  const [senders, users] = await Promise.all([
    api.get<string[]>('/studies/aetitles'),
    // A user without the DICOM users' list still gets the senders.
    api.get<string[]>('/users/aetitles').catch(() => []),
  ]);
  return mergeAeTitles(senders, users);
}

export function getAeTitlesQueryOptions() {
  // Only suggestions: a failure leaves the list empty instead of interrupting the dialog.
  return queryOptions({ queryKey: ['studies', 'aetitles'], queryFn: getAeTitles, meta: { silent: true }, retry: false });
}

export function useAeTitles() {
  return useQuery(getAeTitlesQueryOptions());
}
