import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountsQueryKey } from './get-accounts.ts';
import { rolesQueryKey } from '../../roles/index.ts';

/** `DELETE /accounts/delete?id=`. The last Master account and oneself cannot be deleted (409). */
export function deleteAccount(id: string): Promise<unknown> {
  return api.delete<unknown>('/accounts/delete', { query: { id } });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
      ]),
  });
}
