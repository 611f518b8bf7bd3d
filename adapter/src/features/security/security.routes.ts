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
import type { AuthLockEvent, AuthLockStatus } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { optionalBool, optionalInt, requiredString } from '../../http/input.ts';
import { AppError } from '../../http/errors.ts';
import { getAuthConfig, getPasswordConfig, saveAuthConfig, savePasswordConfig } from './security.service.ts';
import { unlockAccount } from '../auth/sign-in-throttle.ts';

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
    handler: async (req, _res, { deps }) => {
      const current = await getAuthConfig(deps.db);
      const next = {
        Threshold: optionalInt(req, 'Threshold', 0, 100) ?? current.Threshold,
        LockTime: optionalInt(req, 'LockTime', 1, 10_080) ?? current.LockTime,
      };
      await saveAuthConfig(deps.db, next);
      return next;
    },
  },
  {
    method: 'get',
    path: '/authlock/find',
    access: 'admin',
    summary: 'Lock state of one account',
    handler: async (req, _res, { deps }): Promise<AuthLockStatus> => {
      const id = requiredString(req, 'id', 'query', 256);
      const { LockTime } = await getAuthConfig(deps.db);
      const { rows } = await deps.db.query<{ id: string; locked_at: Date | null; failed_attempts: number }>(
        `select id, case when locked_at > now() - make_interval(mins => $2) then locked_at end as locked_at, failed_attempts
           from accounts where lower(id) = lower($1)`,
        [id, LockTime],
      );
      const row = rows[0];
      if (!row) throw new AppError('not_found');
      return { Id: row.id, LockTime, LockedAt: row.locked_at?.toISOString() ?? null, FailedAttempts: row.failed_attempts };
    },
  },
  {
    method: 'delete',
    path: '/authlock/delete',
    access: 'admin',
    summary: 'Unlock an account',
    handler: async (req, _res, { deps }) => {
      const id = requiredString(req, 'id', 'query', 256);
      const { rows } = await deps.db.query<{ id: string }>(
        'update accounts set locked_at = null, failed_attempts = 0, last_failed_at = null where lower(id) = lower($1) returning id',
        [id],
      );
      if (!rows[0]) throw new AppError('not_found');
      await unlockAccount(deps.db, rows[0].id);
      return {};
    },
  },
  {
    method: 'get',
    path: '/authlocked/month',
    access: 'admin',
    summary: 'Locks that began this month',
    handler: async (_req, _res, { deps }): Promise<AuthLockEvent[]> => {
      const { rows } = await deps.db.query<{ id: string; name: string; locked_at: Date; ip: string }>(
        `select e.account_id as id, a.name, e.locked_at, e.ip
           from auth_lock_events e join accounts a on a.id = e.account_id
          where e.locked_at >= date_trunc('month', now())
          order by e.locked_at desc`,
      );
      return rows.map((row) => ({ Id: row.id, Name: row.name, LockedAt: row.locked_at.toISOString(), IPAddress: row.ip }));
    },
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
    handler: async (req, _res, { deps }) => {
      const current = await getPasswordConfig(deps.db);
      const next = {
        MinimumPasswordLength: optionalInt(req, 'MinimumPasswordLength', 1, 256) ?? current.MinimumPasswordLength,
        ContainsLowercaseLetter: optionalBool(req, 'ContainsLowercaseLetter') ?? current.ContainsLowercaseLetter,
        ContainsUppercaseLetter: optionalBool(req, 'ContainsUppercaseLetter') ?? current.ContainsUppercaseLetter,
        ContainsNumber: optionalBool(req, 'ContainsNumber') ?? current.ContainsNumber,
        ContainsSymbol: optionalBool(req, 'ContainsSymbol') ?? current.ContainsSymbol,
      };
      await savePasswordConfig(deps.db, next);
      return next;
    },
  },
];
