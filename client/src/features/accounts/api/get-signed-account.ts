import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignedAccount } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../state/index.ts';

export const signedAccountQueryKey = ['accounts', 'signed'] as const;

/** `GET /accounts/signed`: the signed-in user, or 401. */
export function getSignedAccount(): Promise<SignedAccount> {
  return api.get<SignedAccount>('/accounts/signed');
}

export function getSignedAccountQueryOptions() {
  return queryOptions({ queryKey: signedAccountQueryKey, queryFn: getSignedAccount, retry: false, meta: { silent: true } });
}

export function useSignedAccount() {
  return useQuery(getSignedAccountQueryOptions());
}

/** Reads the account again after it changed (name, title) and puts it in the session. */
export async function refreshSignedAccount(): Promise<void> {
  sessionStore.setAccount(await getSignedAccount());
}
