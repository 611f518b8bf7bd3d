import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { formatPatientTerm } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import type { MatchType, PatientList, PatientSearchKey } from '../types.ts';

/** Every cached patient answer starts with this key: a change invalidates them all. */
export const patientsQueryKey = ['patients'] as const;

export interface PatientSearchParams {
  key: PatientSearchKey;
  text: string;
  type: MatchType;
  limit: number;
  offset: number;
}

/**
 * `GET /patients/search`: the quick search term travels in the spec's notation (partial `**%x%`,
 * perfect `x`, forward `**x%`, backward `**%x`); blank text lists every record. Newest change first.
 */
export function searchPatients(params: PatientSearchParams, signal?: AbortSignal): Promise<PatientList> {
  const term = formatPatientTerm(params.text, params.type);
  return api.get<PatientList>('/patients/search', {
    query: { ...(term ? { [params.key]: term } : {}), limit: params.limit, offset: params.offset },
    ...(signal ? { signal } : {}),
  });
}

export function searchPatientsQueryOptions(params: PatientSearchParams) {
  return queryOptions({
    queryKey: [...patientsQueryKey, 'search', params],
    queryFn: ({ signal }) => searchPatients(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The search; `enabled` false keeps it idle (the picker before anything is typed). */
export function useSearchPatients(params: PatientSearchParams, enabled = true) {
  return useQuery({ ...searchPatientsQueryOptions(params), enabled });
}
