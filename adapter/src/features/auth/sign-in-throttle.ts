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

export const FREE_FAILURES = 10;
export const FORGET_MINUTES = 60;
export const MAX_WAIT_S = 15 * 60;

/** The address a failure is counted against ('' when the socket is already gone). */
export function clientAddress(req: Request): string {
  return (req.ip ?? '').slice(0, 100);
}

/** Seconds the address must still wait, as SQL over `f` (sign_in_failures); $2 = FREE, $3 = MAX. */
const WAIT_SQL = `ceil(extract(epoch from (f.last_failed_at
                    + make_interval(secs => least($3::float8, power(2, f.failures - $2 - 1)))) - now()))`;

/** Refuses the attempt (429, with Retry-After) while the address has to wait. */
export async function assertNotThrottled(db: Db, req: Request): Promise<void> {
  const { rows } = await db.query<{ wait: number }>(
    `select ${WAIT_SQL}::int as wait from sign_in_failures f
      where f.ip = $1 and f.failures > $2 and f.last_failed_at > now() - make_interval(mins => $4)`,
    [clientAddress(req), FREE_FAILURES, MAX_WAIT_S, FORGET_MINUTES],
  );
  const wait = rows[0]?.wait ?? 0;
  if (wait > 0) {
    req.res?.set('retry-after', String(wait));
    throw new AppError('sign_in_throttled');
  }
}

/** Counts one failure against the address (a wrong id, password or access key). */
export async function recordAddressFailure(db: Db, req: Request): Promise<void> {
  await db.query(
    `insert into sign_in_failures as f (ip, failures, last_failed_at) values ($1, 1, now())
     on conflict (ip) do update set
       failures = case when f.last_failed_at < now() - make_interval(mins => $2) then 1 else f.failures + 1 end,
       last_failed_at = now()`,
    [clientAddress(req), FORGET_MINUTES],
  );
  // Old rows are worth nothing; a few are cleared with each failure so the table stays small.
  await db.query(
    `delete from sign_in_failures where ip in (select ip from sign_in_failures where last_failed_at < now() - make_interval(mins => $1) limit 100)`,
    [FORGET_MINUTES],
  );
}

/** Whether the account is locked for this address. */
export async function isLockedFor(db: Db, accountId: string, req: Request): Promise<boolean> {
  const { LockTime } = await getAuthConfig(db);
  const { rows } = await db.query(
    `select 1 from sign_in_locks where account_id = $1 and ip = $2 and locked_at > now() - make_interval(mins => $3)`,
    [accountId, clientAddress(req), LockTime],
  );
  return rows.length > 0;
}

/**
 * Counts a wrong password of an account from this address, against the address too; answers
 * whether that locked the account for this address.
 */
export async function recordAccountFailure(db: Db, accountId: string, req: Request): Promise<boolean> {
  const { Threshold, LockTime } = await getAuthConfig(db);
  const ip = clientAddress(req);
  await recordAddressFailure(db, req);
  // Failures older than the window, or from before an expired lock, no longer count.
  const { rows } = await db.query<{ failures: number }>(
    `insert into sign_in_locks as l (account_id, ip, failures, last_failed_at) values ($1, $2, 1, now())
     on conflict (account_id, ip) do update set
       failures = case when l.locked_at is not null or l.last_failed_at < now() - make_interval(mins => $3) then 1
                       else l.failures + 1 end,
       last_failed_at = now(),
       locked_at = null
     returning failures`,
    [accountId, ip, LockTime],
  );
  const failures = rows[0]?.failures ?? 0;
  const locks = Threshold > 0 && failures >= Threshold;
  if (locks) await db.query('update sign_in_locks set locked_at = now() where account_id = $1 and ip = $2', [accountId, ip]);
  await db.query(
    `update accounts set failed_attempts = $2, last_failed_at = now(), locked_at = case when $3 then now() else locked_at end where id = $1`,
    [accountId, failures, locks],
  );
  if (locks) {
    await db.query('insert into auth_lock_events (account_id, ip) values ($1, $2)', [accountId, ip]);
    log.warn(`Account ${accountId} locked for ${LockTime} min for ${ip || '?'} after ${failures} failed sign-ins from there`);
  }
  return locks;
}

/** A right password from this address: its count for the account starts again. */
export async function clearAccountFailures(db: Db, accountId: string, req: Request): Promise<void> {
  await db.query('delete from sign_in_locks where account_id = $1 and ip = $2', [accountId, clientAddress(req)]);
}
