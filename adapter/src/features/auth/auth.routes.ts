/**
 * Sign-in and the signed account (spec 1 §4, §7).
 * - POST /login      form Id, Password → SignedAccount + httpOnly session cookie; 401 wrong id or
 *                    password; 403 login_blocked while locked. AccessKey (share guests), Token +
 *                    State and `GET /login?code=` answer 400 until the features behind them exist.
 *                    Form AccessKey (+ CSRF, ignored: the key is the secret) signs a share guest in;
 *                    an unknown, expired or deleted key answers 401.
 *                    429 sign_in_throttled (with Retry-After) while the client's address has
 *                    failed too often lately (wrong ids, passwords or keys); the 403 lock holds
 *                    only for the address that failed (sign-in-throttle.ts).
 *                    429 web_connection_limit when the licence's web connections are all in use.
 * - DELETE /login    ends this session; the cookie is dead afterwards.
 * - GET /accounts/signed → SignedAccount (with this session's CSRF token), 401 when signed out.
 */
import { SHARE_GUEST_ID, type PermissionKey } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { AppError } from '../../http/errors.ts';
import { optionalString, requiredString } from '../../http/input.ts';
import { checkCredentials, toSignedAccount } from './auth.service.ts';
import { assertNotThrottled, recordAddressFailure } from './sign-in-throttle.ts';
import * as sql from './auth.sql.ts';
import { effectiveLimits } from '../licence/licence-limits.ts';

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
          throw new AppError('authentication_failed');
        }
        return toSignedAccount(await deps.sessions.signIn(SHARE_GUEST_ID, req, res, accessKey));
      }
      if (optionalString(req, 'Token') !== undefined) throw new AppError('bad_request');
      const id = requiredString(req, 'Id', 'body', 256).trim();
      const password = requiredString(req, 'Password', 'body', 1024);
      const accountId = await checkCredentials(deps, id, password, req);
      const limit = (await effectiveLimits(deps)).webConnections;
      if (limit > 0 && (await deps.sessions.connections()).length >= limit) throw new AppError('web_connection_limit');
      const auth = await deps.sessions.signIn(accountId, req, res);
      return toSignedAccount(auth);
    },
  },
  {
    method: 'get',
    path: '/login',
    access: 'public',
    summary: 'Sign in by code (not available yet)',
    handler: () => {
      throw new AppError('bad_request');
    },
  },
  {
    method: 'delete',
    path: '/login',
    access: 'signed',
    summary: 'Sign out',
    handler: async (_req, res, { deps, auth }) => {
      await deps.sessions.destroy(auth, res);
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
