/** The auth feature's public entry: what other features may use. */
export { refreshCsrfToken } from './session.ts';
