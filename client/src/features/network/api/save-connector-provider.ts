import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ProviderInput } from '../types.ts';
import { invalidateConnectors } from './invalidate-connectors.ts';

export type ConnectorProviderInput = ProviderInput & { Connector: number; No?: number };

/** `POST /providers/create` or, with No, `PATCH /providers/update`: a provider of a connector. */
export function saveConnectorProvider(input: ConnectorProviderInput): Promise<unknown> {
  const form = {
    Connector: input.Connector,
    Name: input.Name,
    AETitle: input.AETitle,
    Port: input.Port,
    AllowAnonymousUsers: input.AllowAnonymousUsers,
  };
  return input.No === undefined
    ? api.post<unknown>('/providers/create', { form })
    : api.patch<unknown>('/providers/update', { form: { No: input.No, ...form } });
}

export function useSaveConnectorProvider() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveConnectorProvider, meta: { silent: true }, onSuccess: () => invalidateConnectors(queryClient) });
}
