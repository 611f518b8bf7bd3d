/** Every SQL statement of the security settings: server-wide settings rows and account locks. */
import type { Db } from '../../db/pool.ts';

export async function selectServerSetting(db: Db, key: string): Promise<unknown> {
  const { rows } = await db.query<{ value: unknown }>('select value from server_settings where key = $1', [key]);
  return rows[0]?.value;
}

export async function upsertServerSetting(db: Db, key: string, value: object): Promise<void> {
  await db.query(
    `insert into server_settings (key, value) values ($1, $2)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

/** An account's lock (only when it began within `lockMinutes`) and its failed attempts. */
export async function selectLock(
  db: Db,
  id: string,
  lockMinutes: number,
): Promise<{ id: string; locked_at: Date | null; failed_attempts: number } | undefined> {
  const { rows } = await db.query<{ id: string; locked_at: Date | null; failed_attempts: number }>(
    `select id, case when locked_at > now() - make_interval(mins => $2) then locked_at end as locked_at, failed_attempts
       from accounts where lower(id) = lower($1)`,
    [id, lockMinutes],
  );
  return rows[0];
}

/**
 * Clears an account's lock and its per-address sign-in locks (sign-in-throttle.ts); answers its
 * id as stored, undefined when there is no such account.
 */
export async function clearAccountLock(db: Db, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>(
    'update accounts set locked_at = null, failed_attempts = 0, last_failed_at = null where lower(id) = lower($1) returning id',
    [id],
  );
  const stored = rows[0]?.id;
  if (stored) await db.query('delete from sign_in_locks where account_id = $1', [stored]);
  return stored;
}

export async function selectLocksThisMonth(db: Db): Promise<{ id: string; name: string; locked_at: Date; ip: string }[]> {
  const { rows } = await db.query<{ id: string; name: string; locked_at: Date; ip: string }>(
    `select e.account_id as id, a.name, e.locked_at, e.ip
       from auth_lock_events e join accounts a on a.id = e.account_id
      where e.locked_at >= date_trunc('month', now())
      order by e.locked_at desc`,
  );
  return rows;
}
