import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Connector, ConnectorInput } from '../types.ts';
import { invalidateConnectors } from './invalidate-connectors.ts';

/** `PATCH /connectors/update` (form No, Name, Institution). */
export function patchConnector(input: ConnectorInput & { No: number }): Promise<Connector> {
  return api.patch<Connector>('/connectors/update', { form: { No: input.No, Name: input.Name, Institution: input.Institution } });
}

export function useUpdateConnector() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: patchConnector, meta: { silent: true }, onSuccess: () => invalidateConnectors(queryClient) });
}
