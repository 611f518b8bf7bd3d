/**
 * `PATCH /accounts/update` (form): one endpoint, two callers. The profile dialog changes the
 * signed user's own name, title and password (with the current password); an administrator
 * changes any account, role and AE title included.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionStore } from '../../../state/index.ts';
import { api } from '../../../lib/api-client.ts';
import { rolesQueryKey } from '../../roles/index.ts';
import { accountsQueryKey } from './get-accounts.ts';
import { refreshSignedAccount } from './get-signed-account.ts';

/** What the profile dialog sends about the signed user. */
export interface UpdateOwnAccountInput {
  Id: string;
  Name: string;
  Title: string;
  /** A new password; leave undefined to keep the current one. */
  Password?: string;
  /** Required when Password is set. */
  CurrentPassword?: string;
}

/** What the administrator's account dialog sends. */
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

export function patchAccount(input: UpdateOwnAccountInput | UpdateAccountInput): Promise<unknown> {
  return api.patch<unknown>('/accounts/update', { form: { ...input } });
}

/** The profile dialog: its errors show inline. */
export function useUpdateAccount() {
  return useMutation({
    mutationFn: (input: UpdateOwnAccountInput) => patchAccount(input),
    meta: { inlineValidation: true },
    onSuccess: () => refreshSignedAccount(),
  });
}

/** The administrator's account dialog: refreshes the lists the account shows in. */
export function useUpdateAdminAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccountInput) => patchAccount(input),
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
