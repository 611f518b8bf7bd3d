import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateConnectors } from './invalidate-connectors.ts';

/** `DELETE /connectors/delete?no=`: the connector with its providers and their DICOM users. */
export function deleteConnector(no: number): Promise<unknown> {
  return api.delete<unknown>('/connectors/delete', { query: { no } });
}

export function useDeleteConnector() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteConnector, meta: { silent: true }, onSuccess: () => invalidateConnectors(queryClient) });
}
