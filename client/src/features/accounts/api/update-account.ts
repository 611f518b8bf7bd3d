import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshSignedAccount } from '../../auth/index.ts';

export interface UpdateAccountInput {
  Id: string;
  Name: string;
  Title: string;
  /** A new password; leave undefined to keep the current one. */
  Password?: string;
  /** Required when Password is set. */
  CurrentPassword?: string;
}

/** `PATCH /accounts/update` (form). */
export function patchAccount(input: UpdateAccountInput): Promise<unknown> {
  return api.patch<unknown>('/accounts/update', { form: { ...input } });
}

export function useUpdateAccount() {
  return useMutation({
    mutationFn: patchAccount,
    meta: { inlineValidation: true },
    onSuccess: () => refreshSignedAccount(),
  });
}
