/**
 * Sign-in and the signed account (spec 1 §4, §7).
 * - POST /login      form Id, Password → SignedAccount + httpOnly session cookie; 401 wrong id or
 *                    password; 403 login_blocked while locked. Token + State answer 400: the
 *                    implicit flow they belong to is not offered (docs/decisions.md "Single
 *                    sign-on").
 *                    Form AccessKey (+ CSRF, ignored: the key is the secret) signs a share guest in;
 *                    an unknown, expired or deleted key answers 401.
 *                    429 sign_in_throttled (with Retry-After) while the client's address has
 *                    failed too often lately (wrong ids, passwords or keys); the 403 lock holds
 *                    only for the address that failed (sign-in-throttle.ts).
 *                    429 web_connection_limit when the licence's web connections are all in use.
 * - GET /login?code=&state=[&iss=]  ends a single sign-on (features/integration): the provider's
 *                    answer, checked against the sign-in this browser started. As the provider's
 *                    redirect (a navigation): 302 to /viewer/#/list with the session cookie, or to
 *                    /viewer/#/login?sso=failed. By XHR (X-Requested-With): SignedAccount + cookie,
 *                    401 'Failed to login' for anything that does not verify.
 * - DELETE /login    ends this session; the cookie is dead afterwards.
 * - GET /accounts/signed → SignedAccount (with this session's CSRF token), 401 when signed out.
 */
import { SHARE_GUEST_ID, type PermissionKey } from '@pacs/common';
import type { Request, Response } from 'express';
import type { Auth } from '../../access/auth.ts';
import type { Deps } from '../../deps.ts';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { optionalString, requiredString } from '../../http/input.ts';
import { checkCredentials, toSignedAccount } from './auth.service.ts';
import { assertNotThrottled, recordAddressFailure } from './sign-in-throttle.ts';
import * as sql from './auth.sql.ts';
import { effectiveLimits } from '../licence/licence-limits.ts';
import { finishSignIn } from '../integration/oidc.service.ts';

/** The parameters of a provider's answer that the code exchange reads (RFC 6749 §4.1.2, RFC 9207). */
const OIDC_ANSWER_PARAMS = ['code', 'state', 'iss', 'error', 'error_description', 'session_state'] as const;

/** Id and password checked, then the licence's web connections, then the session. */
async function signInWithPassword(deps: Deps, id: string, password: string, req: Request, res: Response): Promise<Auth> {
  const accountId = await checkCredentials(deps, id, password, req);
  const limit = (await effectiveLimits(deps)).webConnections;
  if (limit > 0 && (await deps.sessions.connections()).length >= limit) throw new AppError('web_connection_limit');
  return deps.sessions.signIn(accountId, req, res);
}

/** Who may see the web connections (spec 1 §2: the connection table needs all, admin or dashboard). */
const CONNECTION_VIEWERS: readonly PermissionKey[] = ['admin', 'dashboard'];

export const authRoutes: AnyRouteSpec[] = [
  {
    method: 'post',
    path: '/login',
    access: 'public',
    summary: 'Sign in',
    handler: async (req, res, { deps }) => {
      const accessKey = optionalString(req, 'AccessKey', 'body', 200);
      if (accessKey !== undefined) {
        // A share guest: the key must name a share that has not expired. Wrong keys count against
        // the address like wrong passwords.
        await assertNotThrottled(deps.db, req);
        if (!(await sql.shareKeyOpens(deps.db, accessKey))) {
          await recordAddressFailure(deps.db, req);
          deps.audit.record(req, null, { action: 'guest_sign_in', outcome: 'failure' });
          throw new AppError('authentication_failed');
        }
        const guest = await deps.sessions.signIn(SHARE_GUEST_ID, req, res, accessKey);
        deps.audit.record(req, guest, { action: 'guest_sign_in' });
        return toSignedAccount(guest);
      }
      if (optionalString(req, 'Token') !== undefined) throw new AppError('bad_request');
      const id = requiredString(req, 'Id', 'body', 256).trim();
      const password = requiredString(req, 'Password', 'body', 1024);
      const auth = await signInWithPassword(deps, id, password, req, res).catch((error: unknown) => {
        const reason = error instanceof AppError ? error.code : 'error';
        deps.audit.record(req, { accountId: id.slice(0, 256) }, { action: 'sign_in', outcome: 'failure', details: { Reason: reason } });
        throw error;
      });
      deps.audit.record(req, auth, { action: 'sign_in' });
      return toSignedAccount(auth);
    },
  },
  {
    method: 'get',
    path: '/login',
    access: 'public',
    summary: 'Sign in by code: the single sign-on provider sent the browser back with code and state',
    handler: async (req, res, { deps }) => {
      const answer: Record<string, string> = {};
      for (const name of OIDC_ANSWER_PARAMS) {
        const value = optionalString(req, name, 'query', 4096);
        if (value !== undefined) answer[name] = value;
      }
      if (answer.code === undefined && answer.error === undefined) throw new AppError('bad_request');
      const signInBySso = async () => {
        try {
          const account = await finishSignIn(deps, req, res, answer);
          deps.audit.record(req, { accountId: account.Id }, { action: 'sign_in', details: { Method: 'single sign-on' } });
          return account;
        } catch (error) {
          const reason = error instanceof AppError ? error.code : 'error';
          deps.audit.record(req, null, { action: 'sign_in', outcome: 'failure', details: { Method: 'single sign-on', Reason: reason } });
          throw error;
        }
      };
      // The provider's redirect is a top-level navigation: it lands in the app, signed in or told why not.
      if (req.get('x-requested-with') !== 'XMLHttpRequest') {
        res.setHeader('cache-control', 'no-store');
        try {
          await signInBySso();
          res.redirect(302, '/viewer/#/list');
        } catch {
          res.redirect(302, '/viewer/#/login?sso=failed');
        }
        return;
      }
      return signInBySso();
    },
  },
  {
    method: 'delete',
    path: '/login',
    access: 'signed',
    summary: 'Sign out',
    handler: async (req, res, { deps, auth }) => {
      await deps.sessions.destroy(auth, res);
      deps.audit.record(req, auth, { action: 'sign_out' });
      return {};
    },
  },
  {
    method: 'get',
    path: '/connected/users',
    access: CONNECTION_VIEWERS,
    summary: 'Web connections (sessions seen in the last 5 minutes)',
    handler: (_req, _res, { deps }) => deps.sessions.connections(),
  },
  {
    method: 'get',
    path: '/accounts/signed',
    access: 'signed',
    summary: 'The signed-in account',
    handler: (_req, _res, { auth }) => toSignedAccount(auth),
  },
];
