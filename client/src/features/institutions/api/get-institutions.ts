import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Institution } from '../types.ts';

export const institutionsQueryKey = ['institutions', 'all'] as const;

/** `GET /institutions/all`: every institution with its targets. */
export function getInstitutions(): Promise<Institution[]> {
  return api.get<Institution[]>('/institutions/all');
}

export function getInstitutionsQueryOptions() {
  return queryOptions({ queryKey: institutionsQueryKey, queryFn: getInstitutions });
}

export function useInstitutions() {
  return useQuery(getInstitutionsQueryOptions());
}
