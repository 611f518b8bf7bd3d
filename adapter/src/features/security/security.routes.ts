/**
 * Admin security settings (spec 1 §7, spec 3 §7 "Security").
 * - GET  /authconfig/find        → AuthConfig {Threshold, LockTime (minutes)}
 * - PATCH /authconfig/update     form Threshold (0 = never lock, ≤ 100), LockTime (1–10080 minutes)
 * - GET  /authlock/find?id=      → AuthLockStatus of one account (LockedAt: the latest lock, which
 *                                holds only for the address that failed; see sign-in-throttle.ts)
 * - DELETE /authlock/delete?id=  unlock an account now, for every address (an administrator's remedy)
 * - GET  /authlocked/month       → AuthLockEvent[] of locks that began this calendar month
 * - GET  /passwordconfig/find    → PasswordConfig (any signed user: the profile form checks it)
 * - PATCH /passwordconfig/update form fields of PasswordConfig (length 1–256, flags true/false)
 */
import type { AnyRouteSpec } from '../../http/routes.ts';
import { optionalBool, optionalInt, requiredString } from '../../http/input.ts';
import {
  getAuthConfig,
  getPasswordConfig,
  lockStatus,
  locksThisMonth,
  saveAuthConfig,
  savePasswordConfig,
  unlock,
} from './security.service.ts';

export const securityRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/authconfig/find',
    access: 'admin',
    summary: 'Sign-in lock settings',
    handler: (_req, _res, { deps }) => getAuthConfig(deps.db),
  },
  {
    method: 'patch',
    path: '/authconfig/update',
    access: 'admin',
    summary: 'Change the sign-in lock settings',
    handler: async (req, _res, { deps, auth }) => {
      const current = await getAuthConfig(deps.db);
      const next = {
        Threshold: optionalInt(req, 'Threshold', 0, 100) ?? current.Threshold,
        LockTime: optionalInt(req, 'LockTime', 1, 10_080) ?? current.LockTime,
      };
      await saveAuthConfig(deps.db, next);
      deps.audit.record(req, auth, { action: 'security_change', details: { Setting: 'authconfig', ...next } });
      return next;
    },
  },
  {
    method: 'get',
    path: '/authlock/find',
    access: 'admin',
    summary: 'Lock state of one account',
    handler: (req, _res, { deps }) => lockStatus(deps.db, requiredString(req, 'id', 'query', 256)),
  },
  {
    method: 'delete',
    path: '/authlock/delete',
    access: 'admin',
    summary: 'Unlock an account',
    handler: async (req, _res, { deps, auth }) => {
      const id = requiredString(req, 'id', 'query', 256);
      await unlock(deps.db, id);
      deps.audit.record(req, auth, { action: 'security_change', details: { Setting: 'unlock', Id: id } });
      return {};
    },
  },
  {
    method: 'get',
    path: '/authlocked/month',
    access: 'admin',
    summary: 'Locks that began this month',
    handler: (_req, _res, { deps }) => locksThisMonth(deps.db),
  },
  {
    method: 'get',
    path: '/passwordconfig/find',
    access: 'signed',
    summary: 'Password policy',
    handler: (_req, _res, { deps }) => getPasswordConfig(deps.db),
  },
  {
    method: 'patch',
    path: '/passwordconfig/update',
    access: 'admin',
    summary: 'Change the password policy',
    handler: async (req, _res, { deps, auth }) => {
      const current = await getPasswordConfig(deps.db);
      const next = {
        MinimumPasswordLength: optionalInt(req, 'MinimumPasswordLength', 1, 256) ?? current.MinimumPasswordLength,
        ContainsLowercaseLetter: optionalBool(req, 'ContainsLowercaseLetter') ?? current.ContainsLowercaseLetter,
        ContainsUppercaseLetter: optionalBool(req, 'ContainsUppercaseLetter') ?? current.ContainsUppercaseLetter,
        ContainsNumber: optionalBool(req, 'ContainsNumber') ?? current.ContainsNumber,
        ContainsSymbol: optionalBool(req, 'ContainsSymbol') ?? current.ContainsSymbol,
      };
      await savePasswordConfig(deps.db, next);
      deps.audit.record(req, auth, { action: 'security_change', details: { Setting: 'passwordconfig', ...next } });
      return next;
    },
  },
];
