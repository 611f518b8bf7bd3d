import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { StudyItem } from '../types.ts';

/** `GET /studies/fromaccessionnumber?number=`: every visible study with the number (more than one is a duplicate). */
export function getStudiesByAccession(accessionNumber: string): Promise<StudyItem[]> {
  return api.get<StudyItem[]>('/studies/fromaccessionnumber', { query: { number: accessionNumber } });
}

export function getStudiesByAccessionQueryOptions(accessionNumber: string) {
  return queryOptions({
    queryKey: ['studies', 'fromaccessionnumber', accessionNumber],
    queryFn: () => getStudiesByAccession(accessionNumber),
    enabled: accessionNumber !== '',
  });
}

export function useStudiesByAccession(accessionNumber: string) {
  return useQuery(getStudiesByAccessionQueryOptions(accessionNumber));
}
