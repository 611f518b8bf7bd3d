import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ConnectorInput, CreatedConnector } from '../types.ts';
import { invalidateConnectors } from './invalidate-connectors.ts';

/** `POST /connectors/create` (form Name, Institution): the answer carries the key, shown once. */
export function postConnector(input: ConnectorInput): Promise<CreatedConnector> {
  return api.post<CreatedConnector>('/connectors/create', { form: { Name: input.Name, Institution: input.Institution } });
}

export function useCreateConnector() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postConnector, meta: { silent: true }, onSuccess: () => invalidateConnectors(queryClient) });
}
