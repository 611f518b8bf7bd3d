/**
 * Sign-in lock and password policy: server-wide settings in `server_settings`, defaults from the
 * spec (threshold 3 failures, lock 60 minutes; minimum length 4, no character classes), and the
 * administrator's view of account locks. The routes declare who may call.
 */
import {
  DEFAULT_AUTH_CONFIG,
  DEFAULT_PASSWORD_CONFIG,
  isJsonObject,
  type AuthConfig,
  type AuthLockEvent,
  type AuthLockStatus,
  type PasswordConfig,
} from '@pacs/common';
import type { Db } from '../../db/pool.ts';
import { AppError } from '../../http/errors.ts';
import * as sql from './security.sql.ts';

async function readSetting<T extends object>(db: Db, key: string, fallback: T): Promise<T> {
  const stored = await sql.selectServerSetting(db, key);
  // Stored values are merged over the defaults so a field added later still has a value.
  return isJsonObject(stored) ? ({ ...fallback, ...stored } as T) : { ...fallback };
}

export const getAuthConfig = (db: Db): Promise<AuthConfig> => readSetting(db, 'auth_lock', DEFAULT_AUTH_CONFIG);
export const saveAuthConfig = (db: Db, value: AuthConfig): Promise<void> => sql.upsertServerSetting(db, 'auth_lock', value);
export const getPasswordConfig = (db: Db): Promise<PasswordConfig> => readSetting(db, 'password_policy', DEFAULT_PASSWORD_CONFIG);
export const savePasswordConfig = (db: Db, value: PasswordConfig): Promise<void> => sql.upsertServerSetting(db, 'password_policy', value);

/** One account's lock as the lock settings read it now (an expired lock is none). */
export async function lockStatus(db: Db, id: string): Promise<AuthLockStatus> {
  const { LockTime } = await getAuthConfig(db);
  const row = await sql.selectLock(db, id, LockTime);
  if (!row) throw new AppError('not_found');
  return { Id: row.id, LockTime, LockedAt: row.locked_at?.toISOString() ?? null, FailedAttempts: row.failed_attempts };
}

/** Unlocks an account now, for every address (an administrator's remedy). */
export async function unlock(db: Db, id: string): Promise<void> {
  if (!(await sql.clearAccountLock(db, id))) throw new AppError('not_found');
}

export async function locksThisMonth(db: Db): Promise<AuthLockEvent[]> {
  return (await sql.selectLocksThisMonth(db)).map((row) => ({
    Id: row.id,
    Name: row.name,
    LockedAt: row.locked_at.toISOString(),
    IPAddress: row.ip,
  }));
}
