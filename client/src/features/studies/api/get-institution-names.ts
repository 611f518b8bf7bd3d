import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /studies/institutionnames`: InstitutionName tags of the studies in the archive (suggestions for targets). */
export function getInstitutionNames(): Promise<string[]> {
  return api.get<string[]>('/studies/institutionnames');
}

export function getInstitutionNamesQueryOptions() {
  // Only suggestions: a failure leaves the list empty instead of interrupting the dialog.
  return queryOptions({ queryKey: ['studies', 'institutionnames'], queryFn: getInstitutionNames, meta: { silent: true }, retry: false });
}

export function useInstitutionNames() {
  return useQuery(getInstitutionNamesQueryOptions());
}
