/**
 * Single sign-on (admin/general/integration, issue 19): an OpenID Connect provider the hospital's
 * directory stands behind. The authorization-code flow with PKCE; `GET /login?code=&state=` ends
 * it (spec 1 §3 "login by code"). Wire types and the settings' rules, shared by the admin screen
 * and the server.
 */
import { MESSAGES } from './validation.ts';

/** Claims that may name the account (its Id). */
export const OIDC_ACCOUNT_CLAIMS = ['preferred_username', 'email', 'sub'] as const;
export type OidcAccountClaim = (typeof OIDC_ACCOUNT_CLAIMS)[number];

export const OIDC_ISSUER_MAX = 500;
export const OIDC_CLIENT_ID_MAX = 200;
export const OIDC_CLIENT_SECRET_MAX = 500;
export const OIDC_SCOPES_MAX = 500;
export const OIDC_BUTTON_LABEL_MAX = 60;

/** The settings as the admin screen reads them: the client secret never leaves the server. */
export interface OidcSettings {
  Enabled: boolean;
  /** The provider's issuer URL; its discovery document is `<Issuer>/.well-known/openid-configuration`. */
  Issuer: string;
  ClientId: string;
  /** Whether a client secret is stored (a public client with PKCE alone needs none). */
  HasClientSecret: boolean;
  /** Space-separated; always holds `openid`. */
  Scopes: string;
  AccountClaim: OidcAccountClaim;
  /** Unknown users get an account with CreateRole; otherwise they are refused. */
  CreateAccounts: boolean;
  CreateRole: number | null;
  /** The login page's button; empty: the catalogue's "Sign in with single sign-on". */
  ButtonLabel: string;
}

/** What the admin screen sends. ClientSecret: omitted keeps the stored one, '' removes it. */
export interface OidcSettingsUpdate extends Omit<OidcSettings, 'HasClientSecret'> {
  ClientSecret?: string;
}

/** What the login page needs (`GET /oidc/provider`, public). */
export interface OidcLoginOption {
  Enabled: boolean;
  ButtonLabel: string;
}

export const DEFAULT_OIDC_SETTINGS: OidcSettings = {
  Enabled: false,
  Issuer: '',
  ClientId: '',
  HasClientSecret: false,
  Scopes: 'openid profile email',
  AccountClaim: 'preferred_username',
  CreateAccounts: false,
  CreateRole: null,
  ButtonLabel: '',
};

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Issuer: an https URL without query or fragment; plain http only on this machine (tests, a local provider). */
export function oidcIssuerProblem(value: string): string | null {
  if (value.length > OIDC_ISSUER_MAX) return MESSAGES.max_length(OIDC_ISSUER_MAX);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return MESSAGES.invalid;
  }
  if (url.search || url.hash || url.username || url.password) return MESSAGES.invalid;
  if (url.protocol === 'https:') return null;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname) ? null : MESSAGES.invalid;
}

/** Scopes: visible ASCII words separated by spaces, `openid` among them. */
export function oidcScopesProblem(value: string): string | null {
  if (value.length > OIDC_SCOPES_MAX) return MESSAGES.max_length(OIDC_SCOPES_MAX);
  const words = value.trim().split(/ +/);
  if (!words.every((word) => /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(word))) return MESSAGES.invalid;
  return words.includes('openid') ? null : MESSAGES.invalid;
}

/** Every problem of an update, by field (empty when fine). Rules apply to an enabled provider; a disabled one may be half filled. */
export function oidcSettingsProblems(update: OidcSettingsUpdate): Record<string, string> {
  const problems: Record<string, string> = {};
  const put = (field: string, problem: string | null) => {
    if (problem) problems[field] = problem;
  };
  if (update.Enabled || update.Issuer !== '') put('Issuer', update.Issuer === '' ? MESSAGES.required : oidcIssuerProblem(update.Issuer));
  if (update.ClientId.length > OIDC_CLIENT_ID_MAX) put('ClientId', MESSAGES.max_length(OIDC_CLIENT_ID_MAX));
  else if (update.Enabled && update.ClientId.trim() === '') put('ClientId', MESSAGES.required);
  else if ([...update.ClientId].some((char) => char.charCodeAt(0) < 0x20)) put('ClientId', MESSAGES.invalid);
  if (update.ClientSecret !== undefined && update.ClientSecret.length > OIDC_CLIENT_SECRET_MAX)
    put('ClientSecret', MESSAGES.max_length(OIDC_CLIENT_SECRET_MAX));
  put('Scopes', update.Scopes.trim() === '' ? MESSAGES.required : oidcScopesProblem(update.Scopes));
  if (!(OIDC_ACCOUNT_CLAIMS as readonly string[]).includes(update.AccountClaim)) put('AccountClaim', MESSAGES.invalid);
  if (update.CreateAccounts && update.CreateRole === null) put('CreateRole', MESSAGES.required);
  if (update.ButtonLabel.length > OIDC_BUTTON_LABEL_MAX) put('ButtonLabel', MESSAGES.max_length(OIDC_BUTTON_LABEL_MAX));
  return problems;
}
