import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountsQueryKey } from '../../accounts/index.ts';

/** `DELETE /authlock/delete?id=`: ends an account's sign-in lock now. */
export function deleteAuthLock(id: string): Promise<unknown> {
  return api.delete<unknown>('/authlock/delete', { query: { id } });
}

export function useUnlockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAuthLock,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['authlocked'] }),
      ]),
  });
}
