import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rolesQueryKey } from './get-roles.ts';

/** `DELETE /roles/delete?no=`. 409 for the Master role and for a role that still has accounts. */
export function deleteRole(no: number): Promise<unknown> {
  return api.delete<unknown>('/roles/delete', { query: { no } });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
  });
}
