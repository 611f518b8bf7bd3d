/** Every SQL statement of sign-in: accounts by id, guest keys, and the per-address throttle and locks. */
import type { Db } from '../../db/pool.ts';

export async function selectAccountForSignIn(db: Db, id: string): Promise<{ id: string; password_hash: string } | undefined> {
  const { rows } = await db.query<{ id: string; password_hash: string }>(
    'select id, password_hash from accounts where lower(id) = lower($1)',
    [id],
  );
  return rows[0];
}

export async function selectPasswordHash(db: Db, accountId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ password_hash: string }>('select password_hash from accounts where id = $1', [accountId]);
  return rows[0]?.password_hash;
}

/** Whether a guest access key opens a share that has not expired. */
export async function shareKeyOpens(db: Db, key: string): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from share_studies where access_key = $1 and expires_at > now()
     union all select 1 from share_patients where access_key = $1 and expires_at > now() limit 1`,
    [key],
  );
  return rows.length > 0;
}

export interface ThrottleRules {
  freeFailures: number;
  maxWaitSeconds: number;
  forgetMinutes: number;
}

/** Seconds the address must still wait: doubling after the free failures, capped, forgotten after a while. */
export async function addressWait(db: Db, ip: string, rules: ThrottleRules): Promise<number> {
  const { rows } = await db.query<{ wait: number }>(
    `select ceil(extract(epoch from (f.last_failed_at
              + make_interval(secs => least($3::float8, power(2, f.failures - $2 - 1)))) - now()))::int as wait
       from sign_in_failures f
      where f.ip = $1 and f.failures > $2 and f.last_failed_at > now() - make_interval(mins => $4)`,
    [ip, rules.freeFailures, rules.maxWaitSeconds, rules.forgetMinutes],
  );
  return rows[0]?.wait ?? 0;
}

/** Counts one failure against the address; clears a few rows older than the window. */
export async function countAddressFailure(db: Db, ip: string, forgetMinutes: number): Promise<void> {
  await db.query(
    `insert into sign_in_failures as f (ip, failures, last_failed_at) values ($1, 1, now())
     on conflict (ip) do update set
       failures = case when f.last_failed_at < now() - make_interval(mins => $2) then 1 else f.failures + 1 end,
       last_failed_at = now()`,
    [ip, forgetMinutes],
  );
  // Old rows are worth nothing; a few are cleared with each failure so the table stays small.
  await db.query(
    `delete from sign_in_failures where ip in (select ip from sign_in_failures where last_failed_at < now() - make_interval(mins => $1) limit 100)`,
    [forgetMinutes],
  );
}

export async function lockedFor(db: Db, accountId: string, ip: string, lockMinutes: number): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from sign_in_locks where account_id = $1 and ip = $2 and locked_at > now() - make_interval(mins => $3)`,
    [accountId, ip, lockMinutes],
  );
  return rows.length > 0;
}

/**
 * Counts a wrong password of an account from an address; failures older than the window, or
 * from before an expired lock, no longer count. Answers the failures now counted.
 */
export async function countAccountFailure(db: Db, accountId: string, ip: string, lockMinutes: number): Promise<number> {
  const { rows } = await db.query<{ failures: number }>(
    `insert into sign_in_locks as l (account_id, ip, failures, last_failed_at) values ($1, $2, 1, now())
     on conflict (account_id, ip) do update set
       failures = case when l.locked_at is not null or l.last_failed_at < now() - make_interval(mins => $3) then 1
                       else l.failures + 1 end,
       last_failed_at = now(),
       locked_at = null
     returning failures`,
    [accountId, ip, lockMinutes],
  );
  return rows[0]?.failures ?? 0;
}

/** Locks the account for the address, records the failures on the account and, when it locks, the event. */
export async function recordAccountFailures(db: Db, accountId: string, ip: string, failures: number, locks: boolean): Promise<void> {
  if (locks) await db.query('update sign_in_locks set locked_at = now() where account_id = $1 and ip = $2', [accountId, ip]);
  await db.query(
    `update accounts set failed_attempts = $2, last_failed_at = now(), locked_at = case when $3 then now() else locked_at end where id = $1`,
    [accountId, failures, locks],
  );
  if (locks) await db.query('insert into auth_lock_events (account_id, ip) values ($1, $2)', [accountId, ip]);
}

export async function clearLockFor(db: Db, accountId: string, ip: string): Promise<void> {
  await db.query('delete from sign_in_locks where account_id = $1 and ip = $2', [accountId, ip]);
}
