/** Every SQL statement of the per-user settings: one JSON tree per account. */
import type { Db } from '../../db/pool.ts';

/** The stored tree; undefined when there is no such account. */
export async function selectSettings(db: Db, accountId: string): Promise<{ settings: unknown } | undefined> {
  const { rows } = await db.query<{ settings: unknown }>('select settings from accounts where id = $1', [accountId]);
  return rows[0];
}

/** Writes the tree; `touch` marks the account changed (a user's save, not an upgrade on read). */
export async function updateSettings(db: Db, accountId: string, json: string, touch: boolean): Promise<void> {
  await db.query(`update accounts set settings = $2${touch ? ', updated_at = now()' : ''} where id = $1`, [accountId, json]);
}

/** An account's id as stored, found in any case. */
export async function accountIdOf(db: Db, id: string): Promise<string | undefined> {
  const { rows } = await db.query<{ id: string }>('select id from accounts where lower(id) = lower($1)', [id]);
  return rows[0]?.id;
}
