import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthLockEvent } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/** `GET /authlocked/month`: account locks that began this calendar month. */
export function getAuthLockedMonth(): Promise<AuthLockEvent[]> {
  return api.get<AuthLockEvent[]>('/authlocked/month');
}

export function getAuthLockedMonthQueryOptions() {
  return queryOptions({ queryKey: ['authlocked', 'month'], queryFn: getAuthLockedMonth });
}

export function useAuthLockedMonth() {
  return useQuery(getAuthLockedMonthQueryOptions());
}
