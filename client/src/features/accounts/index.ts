/** The accounts feature's public entry: what other features may use. */
export { accountsQueryKey } from './api/get-accounts.ts';
export { getSignedAccount, signedAccountQueryKey } from './api/get-signed-account.ts';
