import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasswordConfig } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

export const passwordConfigQueryKey = ['passwordconfig'] as const;

/** `GET /passwordconfig/find`: the password policy every new password must meet. */
export function getPasswordConfig(): Promise<PasswordConfig> {
  return api.get<PasswordConfig>('/passwordconfig/find');
}

export function getPasswordConfigQueryOptions() {
  return queryOptions({ queryKey: passwordConfigQueryKey, queryFn: getPasswordConfig });
}

export function usePasswordConfig(enabled = true) {
  return useQuery({ ...getPasswordConfigQueryOptions(), enabled });
}
