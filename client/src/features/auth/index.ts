/** The auth feature's public entry: what other features may use. */
export { refreshSignedAccount } from './api/get-signed-account.ts';
export { refreshCsrfToken } from './session.ts';
