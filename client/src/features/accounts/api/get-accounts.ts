import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AdminAccount } from '../types.ts';

export const accountsQueryKey = ['accounts', 'all'] as const;

/** `GET /accounts/all`: every account with its role's name, institution and kind, and its lock time. */
export function getAccounts(): Promise<AdminAccount[]> {
  return api.get<AdminAccount[]>('/accounts/all');
}

export function getAccountsQueryOptions() {
  return queryOptions({ queryKey: accountsQueryKey, queryFn: getAccounts });
}

export function useAccounts() {
  return useQuery(getAccountsQueryOptions());
}
