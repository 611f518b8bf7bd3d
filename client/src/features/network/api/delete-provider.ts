import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateConnectors } from './invalidate-connectors.ts';

/** `DELETE /providers/delete?no=`: a connector's provider with its DICOM users. */
export function deleteProvider(no: number): Promise<unknown> {
  return api.delete<unknown>('/providers/delete', { query: { no } });
}

export function useDeleteProvider() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProvider, meta: { silent: true }, onSuccess: () => invalidateConnectors(queryClient) });
}
