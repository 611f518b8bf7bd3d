/**
 * Sign-in lock and password policy: server-wide settings in `server_settings`, defaults from the
 * spec (threshold 3 failures, lock 60 minutes; minimum length 4, no character classes).
 */
import { DEFAULT_AUTH_CONFIG, DEFAULT_PASSWORD_CONFIG, isJsonObject, type AuthConfig, type PasswordConfig } from '@pacs/common';
import type { Db } from '../../db/pool.ts';

async function readSetting<T extends object>(db: Db, key: string, fallback: T): Promise<T> {
  const { rows } = await db.query<{ value: unknown }>('select value from server_settings where key = $1', [key]);
  const stored = rows[0]?.value;
  // Stored values are merged over the defaults so a field added later still has a value.
  return isJsonObject(stored) ? ({ ...fallback, ...stored } as T) : { ...fallback };
}

async function writeSetting(db: Db, key: string, value: object): Promise<void> {
  await db.query(
    `insert into server_settings (key, value) values ($1, $2)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

export const getAuthConfig = (db: Db): Promise<AuthConfig> => readSetting(db, 'auth_lock', DEFAULT_AUTH_CONFIG);
export const saveAuthConfig = (db: Db, value: AuthConfig): Promise<void> => writeSetting(db, 'auth_lock', value);
export const getPasswordConfig = (db: Db): Promise<PasswordConfig> => readSetting(db, 'password_policy', DEFAULT_PASSWORD_CONFIG);
export const savePasswordConfig = (db: Db, value: PasswordConfig): Promise<void> => writeSetting(db, 'password_policy', value);
