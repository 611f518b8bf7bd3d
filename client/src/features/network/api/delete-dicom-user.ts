import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateConnectors } from './invalidate-connectors.ts';

/** `DELETE /users/delete?no=`. */
export function deleteDicomUser(no: number): Promise<unknown> {
  return api.delete<unknown>('/users/delete', { query: { no } });
}

export function useDeleteDicomUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDicomUser,
    meta: { silent: true },
    onSuccess: () => invalidateConnectors(queryClient),
  });
}
