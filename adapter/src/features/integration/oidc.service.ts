/**
 * Single sign-on by OpenID Connect (issue 19): the authorization-code flow with PKCE, state and
 * nonce, through openid-client (a certified relying-party library) against the provider the
 * administrator configured. The flow:
 *  1. GET /oidc/start: a sign-in under way is recorded (state, PKCE verifier, nonce, and the hash
 *     of a random value set as an httpOnly cookie in this browser), then 302 to the provider.
 *  2. The provider sends the browser back to `GET /login?code=&state=` (spec 1 §3 "login by
 *     code"): a top-level navigation is answered with a redirect into the app (signed in, or to
 *     the sign-in page saying it failed); the client may also pass a code it holds by XHR.
 *  3. The sign-in under way is taken out by its state (once, within ten minutes) and must belong
 *     to this browser (the cookie): a code injected into someone else's browser is refused. The
 *     code is exchanged with the verifier; openid-client checks the ID token's signature against
 *     the provider's keys, its issuer, audience, expiry and nonce. Claims the ID token lacks are
 *     read from the UserInfo endpoint (same subject required).
 *  4. The account is the configured claim's value: an existing account signs in; an unknown one
 *     is created with the configured role, or refused.
 * Every failure answers 401 'Failed to login' (the reason goes to the log) and counts against the
 * address like a wrong password.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import * as oidc from 'openid-client';
import {
  RESERVED_GUEST_IDS,
  isIdOrEmail,
  oidcSettingsProblems,
  type OidcLoginOption,
  type OidcSettings,
  type OidcSettingsUpdate,
  type SignedAccount,
} from '@pacs/common';
import { readCookie } from '../../access/sessions.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { createSsoAccount } from '../accounts/accounts.service.ts';
import { selectAccountForSignIn } from '../auth/auth.sql.ts';
import { toSignedAccount } from '../auth/auth.service.ts';
import { assertNotThrottled, recordAddressFailure } from '../auth/sign-in-throttle.ts';
import { effectiveLimits } from '../licence/licence-limits.ts';
import * as sql from './integration.sql.ts';

/** The cookie that binds a sign-in under way to the browser that started it. */
const BROWSER_COOKIE = 'pacs_oidc';
const BROWSER_COOKIE_PATH = '/viewer/api';
const REQUEST_MINUTES = 10;
/** A provider's discovery document is read again after this long (its keys rotate). */
const DISCOVERY_MS = 10 * 60_000;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const toSettings = (row: sql.OidcSettingsRow): OidcSettings => ({
  Enabled: row.enabled,
  Issuer: row.issuer,
  ClientId: row.client_id,
  HasClientSecret: row.client_secret !== '',
  Scopes: row.scopes,
  AccountClaim: row.account_claim,
  CreateAccounts: row.create_accounts,
  CreateRole: row.create_role,
  ButtonLabel: row.button_label,
});

export async function readOidcSettings(deps: Deps): Promise<OidcSettings> {
  return toSettings(await sql.selectSettings(deps.db));
}

export async function loginOption(deps: Deps): Promise<OidcLoginOption> {
  const row = await sql.selectSettings(deps.db);
  return { Enabled: row.enabled, ButtonLabel: row.button_label };
}

const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

/** The provider's configuration (discovery document, keys), shared for ten minutes. */
function providerConfig(row: sql.OidcSettingsRow): Promise<oidc.Configuration> {
  const key = JSON.stringify([row.issuer, row.client_id, row.client_secret]);
  const known = discovered.get(key);
  if (known && Date.now() - known.at < DISCOVERY_MS) return known.config;
  const issuer = new URL(row.issuer);
  const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
  const config = oidc
    .discovery(
      issuer,
      row.client_id,
      undefined,
      row.client_secret ? oidc.ClientSecretBasic(row.client_secret) : oidc.None(),
      insecure ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    )
    .catch((error: unknown) => {
      discovered.delete(key);
      throw error;
    });
  discovered.set(key, { at: Date.now(), config });
  return config;
}

/** Checks and stores new settings; an enabled provider must answer its discovery document. */
export async function updateOidcSettings(deps: Deps, update: OidcSettingsUpdate): Promise<OidcSettings> {
  const problems = oidcSettingsProblems(update);
  if (update.CreateRole !== null && !problems.CreateRole && !(await sql.roleExists(deps.db, update.CreateRole)))
    problems.CreateRole = 'The field is not a valid value';
  if (Object.keys(problems).length > 0) throw new AppError('validation_failed', problems);
  const current = await sql.selectSettings(deps.db);
  const next: sql.OidcSettingsRow = {
    enabled: update.Enabled,
    issuer: update.Issuer.trim(),
    client_id: update.ClientId.trim(),
    client_secret: update.ClientSecret ?? current.client_secret,
    scopes: update.Scopes.trim().split(/ +/).join(' '),
    account_claim: update.AccountClaim,
    create_accounts: update.CreateAccounts,
    create_role: update.CreateRole,
    button_label: update.ButtonLabel.trim(),
  };
  if (next.enabled) {
    try {
      await providerConfig(next);
    } catch (error) {
      log.warn(`Single sign-on: discovery of ${next.issuer} failed: ${String(error)}`);
      throw new AppError('validation_failed', { Issuer: 'The provider did not answer its discovery document at this address.' });
    }
  }
  await sql.updateSettings(deps.db, { ...next, client_secret: update.ClientSecret ?? null });
  return readOidcSettings(deps);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Where the provider sends the browser back: GET /login on the address the browser used. */
const OIDC_REDIRECT_PATH = '/viewer/api/login';

function redirectUri(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}${OIDC_REDIRECT_PATH}`;
}

/** Step 1: records the sign-in under way and answers the provider's authorization URL. */
export async function startSignIn(deps: Deps, req: Request, res: Response): Promise<string> {
  const row = await sql.selectSettings(deps.db);
  if (!row.enabled) throw new AppError('not_found');
  const config = await providerConfig(row).catch((error: unknown) => {
    log.warn(`Single sign-on: discovery of ${row.issuer} failed: ${String(error)}`);
    throw new AppError('authentication_failed');
  });
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const browser = randomBytes(32).toString('base64url');
  const redirect_uri = redirectUri(req);
  await sql.insertRequest(deps.db, { state, browser_hash: sha256(browser), code_verifier: verifier, nonce, redirect_uri });
  res.cookie(BROWSER_COOKIE, browser, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.cookieSecure || req.secure,
    path: BROWSER_COOKIE_PATH,
    maxAge: REQUEST_MINUTES * 60_000,
  });
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri,
      scope: row.scopes,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    .toString();
}

/** A refusal: logged with its reason, counted against the address, answered 'Failed to login'. */
async function refuse(deps: Deps, req: Request, reason: string): Promise<never> {
  log.warn(`Single sign-on refused from ${req.ip ?? '?'}: ${reason}`);
  await recordAddressFailure(deps.db, req);
  throw new AppError('authentication_failed');
}

/** Steps 2–4: the provider's answer (code, state, iss) turned into a session. */
export async function finishSignIn(deps: Deps, req: Request, res: Response, answer: Record<string, string>): Promise<SignedAccount> {
  await assertNotThrottled(deps.db, req);
  res.clearCookie(BROWSER_COOKIE, { path: BROWSER_COOKIE_PATH, httpOnly: true, sameSite: 'lax' });
  const row = await sql.selectSettings(deps.db);
  if (!row.enabled) return refuse(deps, req, 'single sign-on is not enabled');
  const pending = await sql.takeRequest(deps.db, answer.state ?? '');
  if (!pending) return refuse(deps, req, 'unknown, used or expired state');
  const browser = readCookie(req, BROWSER_COOKIE);
  if (!browser || !timingSafeEqual(sha256(browser), pending.browser_hash))
    return refuse(deps, req, 'the sign-in was started in another browser');
  let claims: Record<string, unknown> | undefined;
  try {
    const config = await providerConfig(row);
    const current = new URL(pending.redirect_uri);
    for (const [key, value] of Object.entries(answer)) current.searchParams.set(key, value);
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: pending.code_verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    claims = { ...idToken };
    // Many providers put only `sub` in the ID token (OpenID Connect Core §5.4): the rest comes
    // from the UserInfo endpoint, whose answer must name the same subject.
    if (claims[row.account_claim] === undefined || claims.name === undefined) {
      if (config.serverMetadata().userinfo_endpoint) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
        claims = { ...info, ...claims };
      }
    }
  } catch (error) {
    return refuse(deps, req, `the provider's answer did not verify: ${String(error)}`);
  }
  const value = claims?.[row.account_claim];
  const id = typeof value === 'string' ? value.trim() : '';
  if (!isIdOrEmail(id)) return refuse(deps, req, `claim ${row.account_claim} is not a usable account id: ${JSON.stringify(value)}`);
  // The share guests' accounts sign in by access key only.
  if (RESERVED_GUEST_IDS.some((guest) => guest.toLowerCase() === id.toLowerCase())) return refuse(deps, req, `${id} is a reserved account`);
  let accountId = (await selectAccountForSignIn(deps.db, id))?.id;
  if (!accountId) {
    if (!row.create_accounts || row.create_role === null) return refuse(deps, req, `no account ${id}, and unknown users are refused`);
    const name = typeof claims?.name === 'string' ? claims.name : '';
    accountId = await createSsoAccount(deps, id, name, row.create_role);
    log.info(`Single sign-on created account ${accountId} (role ${row.create_role})`);
  }
  const limit = (await effectiveLimits(deps)).webConnections;
  if (limit > 0 && (await deps.sessions.connections()).length >= limit) throw new AppError('web_connection_limit');
  return toSignedAccount(await deps.sessions.signIn(accountId, req, res));
}
