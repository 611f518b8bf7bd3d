/** The lock and password settings and the lock views, with the SQL faked (the statements run in test/api). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AUTH_CONFIG, DEFAULT_PASSWORD_CONFIG } from '@pacs/common';
import type { Db } from '../../db/pool.ts';
import { refusal } from '../../testing/refusal.ts';
import * as sql from './security.sql.ts';
import {
  getAuthConfig,
  getPasswordConfig,
  lockStatus,
  locksThisMonth,
  saveAuthConfig,
  savePasswordConfig,
  unlock,
} from './security.service.ts';

vi.mock('./security.sql.ts', () => ({
  selectServerSetting: vi.fn(),
  upsertServerSetting: vi.fn(),
  selectLock: vi.fn(),
  clearAccountLock: vi.fn(),
  selectLocksThisMonth: vi.fn(),
}));

const db = {} as Db;
const at = new Date('2026-02-03T04:05:06Z');

beforeEach(() => vi.resetAllMocks());

describe('security settings', () => {
  it('reads a stored setting over the defaults, and the defaults when what is stored is not an object', async () => {
    vi.mocked(sql.selectServerSetting).mockResolvedValue({ Threshold: 5 });
    expect(await getAuthConfig(db)).toEqual({ ...DEFAULT_AUTH_CONFIG, Threshold: 5 });
    expect(sql.selectServerSetting).toHaveBeenCalledWith(db, 'auth_lock');
    for (const stored of [undefined, null, [1, 2], 'text']) {
      vi.mocked(sql.selectServerSetting).mockResolvedValue(stored);
      expect(await getPasswordConfig(db)).toEqual(DEFAULT_PASSWORD_CONFIG);
    }
    expect(sql.selectServerSetting).toHaveBeenLastCalledWith(db, 'password_policy');
  });

  it('saves each setting under its own key', async () => {
    await saveAuthConfig(db, { Threshold: 0, LockTime: 5 });
    await savePasswordConfig(db, { ...DEFAULT_PASSWORD_CONFIG, MinimumPasswordLength: 12 });
    expect(sql.upsertServerSetting).toHaveBeenNthCalledWith(1, db, 'auth_lock', { Threshold: 0, LockTime: 5 });
    expect(sql.upsertServerSetting).toHaveBeenNthCalledWith(
      2,
      db,
      'password_policy',
      expect.objectContaining({ MinimumPasswordLength: 12 }),
    );
  });
});

describe('account locks', () => {
  it('reads a lock within the configured lock time, and answers 404 for an unknown account', async () => {
    vi.mocked(sql.selectServerSetting).mockResolvedValue({ LockTime: 15 });
    vi.mocked(sql.selectLock).mockResolvedValue({ id: 'Alice', locked_at: at, failed_attempts: 3 });
    expect(await lockStatus(db, 'alice')).toEqual({ Id: 'Alice', LockTime: 15, LockedAt: '2026-02-03T04:05:06.000Z', FailedAttempts: 3 });
    expect(sql.selectLock).toHaveBeenCalledWith(db, 'alice', 15);
    vi.mocked(sql.selectLock).mockResolvedValue(undefined);
    expect(await refusal(lockStatus(db, 'nobody'))).toMatchObject({ status: 404 });
  });

  it('answers 404 when unlocking an account that is not there', async () => {
    vi.mocked(sql.clearAccountLock).mockResolvedValue(undefined);
    expect(await refusal(unlock(db, 'nobody'))).toMatchObject({ status: 404 });
    vi.mocked(sql.clearAccountLock).mockResolvedValue('Alice');
    await expect(unlock(db, 'alice')).resolves.toBeUndefined();
  });

  it('lists this month’s locks as wire events', async () => {
    vi.mocked(sql.selectLocksThisMonth).mockResolvedValue([{ id: 'alice', name: 'Alice', locked_at: at, ip: '10.0.0.1' }]);
    expect(await locksThisMonth(db)).toEqual([{ Id: 'alice', Name: 'Alice', LockedAt: '2026-02-03T04:05:06.000Z', IPAddress: '10.0.0.1' }]);
  });
});
