import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Provider } from '../types.ts';

export const providersQueryKey = ['network', 'providers'] as const;

/** `GET /providers/all`: the archive's listening AE titles and ports, each with its DICOM users. */
export function getProviders(): Promise<Provider[]> {
  return api.get<Provider[]>('/providers/all');
}

export function getProvidersQueryOptions() {
  return queryOptions({ queryKey: providersQueryKey, queryFn: getProviders });
}

export function useProviders() {
  return useQuery(getProvidersQueryOptions());
}
