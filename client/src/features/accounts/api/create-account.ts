import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountsQueryKey } from './get-accounts.ts';
import { rolesQueryKey } from '../../roles/index.ts';

export interface CreateAccountInput {
  Id: string;
  Password: string;
  Name: string;
  Title: string;
  Role: number;
  AETitle: string;
  ReferringPhysicianName: string;
}

/** `POST /accounts/create` (form). */
export function postAccount(input: CreateAccountInput): Promise<{ Id: string }> {
  return api.post<{ Id: string }>('/accounts/create', { form: { ...input } });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAccount,
    // The dialog shows 400, 404 and 409 itself and hands anything else to the global handler.
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
        queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
      ]),
  });
}
