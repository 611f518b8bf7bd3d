import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShareCount } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { shareKeys } from './keys.ts';

/** `GET /shares/count`: how many study and patient shares the caller made. */
export function getShareCount(): Promise<ShareCount> {
  return api.get<ShareCount>('/shares/count');
}

export function getShareCountQueryOptions() {
  return queryOptions({ queryKey: shareKeys.count, queryFn: getShareCount });
}

export function useShareCount() {
  return useQuery(getShareCountQueryOptions());
}
