import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnonymizationItem } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/** `GET /anonymized/all`: the configs' anonymization items (what an anonymized export blanks). */
export function getAnonymization(): Promise<AnonymizationItem[]> {
  return api.get<AnonymizationItem[]>('/anonymized/all');
}

export function getAnonymizationQueryOptions() {
  return queryOptions({ queryKey: ['anonymized', 'all'], queryFn: getAnonymization });
}

export function useAnonymization(enabled = true) {
  return useQuery({ ...getAnonymizationQueryOptions(), enabled });
}
