import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ConnectorKey } from '../types.ts';
import { invalidateConnectors } from './invalidate-connectors.ts';

/** `POST /connectors/key` (form No): a new key, shown once; the old one stops working. */
export function postConnectorKey(no: number): Promise<ConnectorKey> {
  return api.post<ConnectorKey>('/connectors/key', { form: { No: no } });
}

export function useRenewConnectorKey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postConnectorKey, meta: { silent: true }, onSuccess: () => invalidateConnectors(queryClient) });
}
