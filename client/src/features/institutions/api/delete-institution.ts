import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { institutionsQueryKey } from './get-institutions.ts';

/** `DELETE /institutions/delete?no=`. 409 for institution 0 and for one that still has roles. */
export function deleteInstitution(no: number): Promise<unknown> {
  return api.delete<unknown>('/institutions/delete', { query: { no } });
}

export function useDeleteInstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInstitution,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: institutionsQueryKey }),
  });
}
