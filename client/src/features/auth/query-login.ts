/**
 * Sign-in from the address (spec 1 §4 "Sign-in on each route change"). The query string of the
 * hash route decides how to sign in; credentials are stripped from the address afterwards.
 */
import type { LoginInput } from './api/login.ts';

export type QueryLogin =
  | { kind: 'password'; input: LoginInput }
  | { kind: 'token'; input: LoginInput }
  | { kind: 'code'; answer: Record<string, string> }
  | { kind: 'access-key'; input: LoginInput };

/** Query parameters that carry credentials; never left in the address. */
export const CREDENTIAL_PARAMS = [
  'Id',
  'Password',
  'Token',
  'token',
  'State',
  'state',
  'code',
  'iss',
  'session_state',
  'AccessKey',
  'accesskey',
  'access_key',
  'CSRF',
  'csrf',
];

function first(params: URLSearchParams, ...names: string[]): string | null {
  for (const name of names) {
    const value = params.get(name);
    if (value !== null && value !== '') return value;
  }
  return null;
}

/**
 * Which sign-in the query asks for, or null. An access key is used only when nobody is signed in
 * (a guest opening another share link counts as nobody: its key replaces the old one).
 * Share links spell the key `accesskey` (spec 3 §2); `AccessKey` and `access_key` also work.
 */
export function parseQueryLogin(search: string, signedIn: boolean): QueryLogin | null {
  const params = new URLSearchParams(search);
  const id = first(params, 'Id');
  const password = params.get('Password');
  if (id !== null && password !== null) return { kind: 'password', input: { Id: id, Password: password } };
  const token = first(params, 'Token', 'token');
  const state = first(params, 'State', 'state');
  if (token !== null && state !== null) return { kind: 'token', input: { Token: token, State: state } };
  // A single sign-on provider's answer (RFC 6749 §4.1.2; iss: RFC 9207), passed on whole.
  const code = first(params, 'code');
  if (code !== null) {
    const answer: Record<string, string> = { code };
    for (const name of ['state', 'iss', 'session_state'] as const) {
      const value = params.get(name);
      if (value !== null) answer[name] = value;
    }
    return { kind: 'code', answer };
  }
  const accessKey = first(params, 'AccessKey', 'accesskey', 'access_key');
  if (accessKey !== null && !signedIn) {
    const csrf = first(params, 'CSRF', 'csrf');
    return { kind: 'access-key', input: csrf === null ? { AccessKey: accessKey } : { AccessKey: accessKey, CSRF: csrf } };
  }
  return null;
}

/** The search string without credentials ('' when nothing is left). */
export function stripCredentials(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of CREDENTIAL_PARAMS) params.delete(name);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function hasCredentials(search: string): boolean {
  const params = new URLSearchParams(search);
  return CREDENTIAL_PARAMS.some((name) => params.has(name));
}
