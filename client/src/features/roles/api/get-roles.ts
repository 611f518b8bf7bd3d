import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Role } from '../types.ts';

export const rolesQueryKey = ['roles', 'all'] as const;

/** `GET /roles/all`: every role with its permissions, targets and accounts. */
export function getRoles(): Promise<Role[]> {
  return api.get<Role[]>('/roles/all');
}

export function getRolesQueryOptions() {
  return queryOptions({ queryKey: rolesQueryKey, queryFn: getRoles });
}

export function useRoles() {
  return useQuery(getRolesQueryOptions());
}
