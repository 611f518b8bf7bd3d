/**
 * Throttling and locking of password guesses (spec 1 §5, issue 13 item 9), keyed by the client's
 * address (`req.ip`: the socket's address, or X-Forwarded-For as far as TRUST_PROXY trusts it).
 *
 * - Per address: the first FREE_FAILURES failures within FORGET_MINUTES cost nothing; after that
 *   each failure makes the address wait before its next attempt, 1 s doubling per failure up to
 *   MAX_WAIT_S. While it waits every attempt answers 429 sign_in_throttled without a password
 *   check (so guessing from one address is held to a few tries an hour), whatever the account.
 * - Per (account, address): `Threshold` wrong passwords within `LockTime` minutes lock the
 *   account for `LockTime` minutes, for that address only. Someone guessing an administrator's
 *   password locks themselves out, not the administrator signing in from elsewhere.
 * Failed access keys and wrong current passwords (password change) count like wrong passwords.
 * The account's own columns (failed_attempts, locked_at) keep the latest count and lock for the
 * administrator's lock status screens.
 */
import type { Request } from 'express';
import type { Db } from '../../db/pool.ts';
import { AppError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { getAuthConfig } from '../security/security.service.ts';
import * as sql from './auth.sql.ts';

export const FREE_FAILURES = 10;
export const FORGET_MINUTES = 60;
export const MAX_WAIT_S = 15 * 60;

/** The address a failure is counted against ('' when the socket is already gone). */
export function clientAddress(req: Request): string {
  return (req.ip ?? '').slice(0, 100);
}

/** Refuses the attempt (429, with Retry-After) while the address has to wait. */
export async function assertNotThrottled(db: Db, req: Request): Promise<void> {
  const wait = await sql.addressWait(db, clientAddress(req), {
    freeFailures: FREE_FAILURES,
    maxWaitSeconds: MAX_WAIT_S,
    forgetMinutes: FORGET_MINUTES,
  });
  if (wait > 0) {
    req.res?.set('retry-after', String(wait));
    throw new AppError('sign_in_throttled');
  }
}

/** Counts one failure against the address (a wrong id, password or access key). */
export async function recordAddressFailure(db: Db, req: Request): Promise<void> {
  await sql.countAddressFailure(db, clientAddress(req), FORGET_MINUTES);
}

/** Whether the account is locked for this address. */
export async function isLockedFor(db: Db, accountId: string, req: Request): Promise<boolean> {
  const { LockTime } = await getAuthConfig(db);
  return sql.lockedFor(db, accountId, clientAddress(req), LockTime);
}

/**
 * Counts a wrong password of an account from this address, against the address too; answers
 * whether that locked the account for this address.
 */
export async function recordAccountFailure(db: Db, accountId: string, req: Request): Promise<boolean> {
  const { Threshold, LockTime } = await getAuthConfig(db);
  const ip = clientAddress(req);
  await recordAddressFailure(db, req);
  const failures = await sql.countAccountFailure(db, accountId, ip, LockTime);
  const locks = Threshold > 0 && failures >= Threshold;
  await sql.recordAccountFailures(db, accountId, ip, failures, locks);
  if (locks) {
    log.warn(`Account ${accountId} locked for ${LockTime} min for ${ip || '?'} after ${failures} failed sign-ins from there`);
  }
  return locks;
}

/** A right password from this address: its count for the account starts again. */
export async function clearAccountFailures(db: Db, accountId: string, req: Request): Promise<void> {
  await sql.clearLockFor(db, accountId, clientAddress(req));
}
