import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthConfig } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

export const authConfigQueryKey = ['authconfig'] as const;

/** `GET /authconfig/find`: failures before a lock, and the lock time in minutes. */
export function getAuthConfig(): Promise<AuthConfig> {
  return api.get<AuthConfig>('/authconfig/find');
}

export function getAuthConfigQueryOptions() {
  return queryOptions({ queryKey: authConfigQueryKey, queryFn: getAuthConfig });
}

export function useAuthConfig() {
  return useQuery(getAuthConfigQueryOptions());
}
