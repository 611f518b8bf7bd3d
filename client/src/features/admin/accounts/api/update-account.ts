import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../../../state/index.ts';
import { api } from '../../../../lib/api-client.ts';
import { refreshSignedAccount } from '../../../auth/index.ts';
import { accountsQueryKey } from './get-accounts.ts';
import { rolesQueryKey } from './get-roles.ts';

export interface UpdateAccountInput {
  Id: string;
  Name: string;
  Title: string;
  Role: number;
  AETitle: string;
  ReferringPhysicianName: string;
  /** A new password; undefined keeps the current one. */
  Password?: string;
}

/** `PATCH /accounts/update` (form), as an administrator: any account, any field. */
export function patchAdminAccount(input: UpdateAccountInput): Promise<unknown> {
  return api.patch<unknown>('/accounts/update', { form: { ...input } });
}

export function useUpdateAdminAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchAdminAccount,
    meta: { silent: true },
    onSuccess: async (_data, input) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
      ]);
      // Editing oneself changes the name in the profile menu (and possibly the permissions).
      if (input.Id.toLowerCase() === sessionStore.account?.Id.toLowerCase()) await refreshSignedAccount();
    },
  });
}
