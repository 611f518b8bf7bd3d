/**
 * Sign-in and the current-password check with their throttle and lock (sign-in-throttle.ts runs
 * for real), the SQL and password hashing faked; the statements run in test/api.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Request } from 'express';
import type { Auth } from '../../access/auth.ts';
import { verifyPassword } from '../../access/passwords.ts';
import type { Deps } from '../../deps.ts';
import { refusal } from '../../testing/refusal.ts';
import * as security from '../security/security.sql.ts';
import * as sql from './auth.sql.ts';
import { checkCredentials, checkCurrentPassword, toSignedAccount } from './auth.service.ts';

vi.mock('./auth.sql.ts', () => ({
  selectAccountForSignIn: vi.fn(),
  selectPasswordHash: vi.fn(),
  addressWait: vi.fn(),
  countAddressFailure: vi.fn(),
  lockedFor: vi.fn(),
  countAccountFailure: vi.fn(),
  recordAccountFailures: vi.fn(),
  clearLockFor: vi.fn(),
}));
vi.mock('../security/security.sql.ts', () => ({ selectServerSetting: vi.fn() }));
vi.mock('../../access/passwords.ts', () => ({ verifyPassword: vi.fn(), dummyPasswordHash: vi.fn(async () => 'dummy') }));
vi.mock('../../log.ts', () => ({ log: { warn: vi.fn(), info: vi.fn(), error: vi.fn() } }));

const deps = { db: {} } as unknown as Deps;
const ip = '10.0.0.1';
let req: Request;

beforeEach(() => {
  vi.clearAllMocks();
  req = { ip, res: { set: vi.fn() } } as unknown as Request;
  // The default lock settings: 3 wrong passwords lock for 60 minutes.
  vi.mocked(security.selectServerSetting).mockResolvedValue(undefined);
  vi.mocked(sql.addressWait).mockResolvedValue(0);
  vi.mocked(sql.lockedFor).mockResolvedValue(false);
  vi.mocked(sql.selectAccountForSignIn).mockResolvedValue({ id: 'Alice', password_hash: 'alice-hash' });
});

describe('signing in', () => {
  it('answers 401 for an unknown id after a real-looking check, and counts it against the address', async () => {
    vi.mocked(sql.selectAccountForSignIn).mockResolvedValue(undefined);
    expect(await refusal(checkCredentials(deps, 'nobody', 'pw', req))).toMatchObject({ status: 401, code: 'authentication_failed' });
    expect(verifyPassword).toHaveBeenCalledWith('pw', 'dummy');
    expect(sql.countAddressFailure).toHaveBeenCalledWith(deps.db, ip, expect.any(Number));
  });

  it('never lets a guest account sign in by password, even with its stored hash', async () => {
    vi.mocked(sql.selectAccountForSignIn).mockResolvedValue({ id: 'sonic_share_guest', password_hash: 'guest-hash' });
    vi.mocked(verifyPassword).mockResolvedValue(true);
    expect(await refusal(checkCredentials(deps, 'Sonic_Share_Guest', 'pw', req))).toMatchObject({ status: 401 });
    expect(verifyPassword).not.toHaveBeenCalledWith('pw', 'guest-hash');
  });

  it('answers 429 with Retry-After to an address that must wait, without checking a password', async () => {
    vi.mocked(sql.addressWait).mockResolvedValue(8);
    expect(await refusal(checkCredentials(deps, 'alice', 'pw', req))).toMatchObject({ status: 429, code: 'sign_in_throttled' });
    expect(req.res!.set).toHaveBeenCalledWith('retry-after', '8');
    expect(sql.selectAccountForSignIn).not.toHaveBeenCalled();
    expect(verifyPassword).not.toHaveBeenCalled();
  });

  it('refuses even the right password while the account is locked for this address', async () => {
    vi.mocked(sql.lockedFor).mockResolvedValue(true);
    vi.mocked(verifyPassword).mockResolvedValue(true);
    expect(await refusal(checkCredentials(deps, 'alice', 'right', req))).toMatchObject({ status: 403, code: 'login_blocked' });
    expect(sql.lockedFor).toHaveBeenCalledWith(deps.db, 'Alice', ip, 60);
  });

  it('locks at the third wrong password, not before', async () => {
    vi.mocked(verifyPassword).mockResolvedValue(false);
    vi.mocked(sql.countAccountFailure).mockResolvedValue(2);
    expect(await refusal(checkCredentials(deps, 'alice', 'wrong', req))).toMatchObject({ status: 401 });
    expect(sql.recordAccountFailures).toHaveBeenLastCalledWith(deps.db, 'Alice', ip, 2, false);
    vi.mocked(sql.countAccountFailure).mockResolvedValue(3);
    expect(await refusal(checkCredentials(deps, 'alice', 'wrong', req))).toMatchObject({ status: 403, code: 'login_blocked' });
    expect(sql.recordAccountFailures).toHaveBeenLastCalledWith(deps.db, 'Alice', ip, 3, true);
  });

  it('answers the stored id for the right password and clears the count for this address', async () => {
    vi.mocked(verifyPassword).mockResolvedValue(true);
    expect(await checkCredentials(deps, 'alice', 'right', req)).toBe('Alice');
    expect(verifyPassword).toHaveBeenCalledWith('right', 'alice-hash');
    expect(sql.clearLockFor).toHaveBeenCalledWith(deps.db, 'Alice', ip);
  });
});

describe('the current password', () => {
  it('refuses a missing or wrong one on the CurrentPassword field, and counts the wrong one', async () => {
    expect(await refusal(checkCurrentPassword(deps, 'Alice', undefined, req))).toMatchObject({
      status: 400,
      fields: { CurrentPassword: expect.any(String) },
    });
    expect(sql.addressWait).not.toHaveBeenCalled();
    vi.mocked(sql.selectPasswordHash).mockResolvedValue('alice-hash');
    vi.mocked(verifyPassword).mockResolvedValue(false);
    vi.mocked(sql.countAccountFailure).mockResolvedValue(1);
    expect(await refusal(checkCurrentPassword(deps, 'Alice', 'wrong', req))).toMatchObject({
      status: 400,
      fields: { CurrentPassword: expect.any(String) },
    });
    expect(sql.recordAccountFailures).toHaveBeenCalledWith(deps.db, 'Alice', ip, 1, false);
  });
});

it('marks a session opened by an access key as a guest’s', () => {
  const auth = { accountId: 'sonic_share_guest', accessKey: 'k', csrfToken: 't', permissions: {} } as unknown as Auth;
  expect(toSignedAccount(auth)).toMatchObject({ Id: 'sonic_share_guest', IsGuest: true, CsrfToken: 't' });
  expect(toSignedAccount({ ...auth, accessKey: null }).IsGuest).toBe(false);
});
