import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignedAccount } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { signedAccountQueryKey } from '../../accounts/index.ts';

/** The three ways to sign in with `POST /login` (spec 1 §3 "Login input"). */
export type LoginInput = { Id: string; Password: string } | { AccessKey: string; CSRF?: string } | { Token: string; State: string };

/** `POST /login` (form). No CSRF token exists yet: `X-Requested-With` is the guard. */
export function postLogin(input: LoginInput): Promise<SignedAccount> {
  return api.post<SignedAccount>('/login', { form: { ...input } });
}

/** `GET /login?code=&state=`: the end of a single sign-on, with the provider's answer as it came. */
export function getLoginByCode(answer: Record<string, string>): Promise<SignedAccount> {
  return api.get<SignedAccount>('/login', { query: answer });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postLogin,
    meta: { silent: true },
    onSuccess: (account) => queryClient.setQueryData(signedAccountQueryKey, account),
  });
}
