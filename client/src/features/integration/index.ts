/** The integration feature's public entry: what other features may use (the login page's single sign-on button). */
export { OIDC_START_PATH, useOidcLoginOption } from './api/oidc.ts';
