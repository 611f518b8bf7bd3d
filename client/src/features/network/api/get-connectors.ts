import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Connector } from '../types.ts';

export const connectorsQueryKey = ['network', 'connectors'] as const;

/** `GET /connectors/all`: the connectors (cloud and teleradiology editions), each with its providers. */
export function getConnectors(): Promise<Connector[]> {
  return api.get<Connector[]>('/connectors/all');
}

export function getConnectorsQueryOptions() {
  return queryOptions({ queryKey: connectorsQueryKey, queryFn: getConnectors });
}

export function useConnectors(enabled = true) {
  return useQuery({ ...getConnectorsQueryOptions(), enabled });
}
