/**
 * Sign-in by id and password with the lock of spec 1 §5, kept per client address
 * (sign-in-throttle.ts): after `Threshold` wrong passwords within `LockTime` minutes from one
 * address the account is locked for `LockTime` minutes for that address; while locked, even the
 * right password from there is refused (403 login_blocked). Threshold 0 turns locking off. An
 * address that keeps failing waits longer and longer (429 sign_in_throttled), whatever the id.
 */
import type { Request } from 'express';
import { RESERVED_GUEST_IDS, passwordProblems, type SignedAccount } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { dummyPasswordHash, verifyPassword } from '../../access/passwords.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { getPasswordConfig } from '../security/security.service.ts';
import { assertNotThrottled, clearAccountFailures, isLockedFor, recordAccountFailure, recordAddressFailure } from './sign-in-throttle.ts';
import * as sql from './auth.sql.ts';

/** Checks id and password; answers the account id or throws 401 / 403 (locked) / 429 (throttled). */
export async function checkCredentials(deps: Deps, id: string, password: string, req: Request): Promise<string> {
  await assertNotThrottled(deps.db, req);
  const found = await sql.selectAccountForSignIn(deps.db, id);
  // The guest accounts sign in by access key only, never by password.
  const account = RESERVED_GUEST_IDS.some((guest) => guest.toLowerCase() === id.toLowerCase()) ? undefined : found;
  if (!account) {
    // Spend the same time as a real check so response timing does not reveal which ids exist.
    await verifyPassword(password, await dummyPasswordHash());
    await recordAddressFailure(deps.db, req);
    throw new AppError('authentication_failed');
  }
  if (await isLockedFor(deps.db, account.id, req)) throw new AppError('login_blocked');

  if (await verifyPassword(password, account.password_hash)) {
    await clearAccountFailures(deps.db, account.id, req);
    return account.id;
  }
  if (await recordAccountFailure(deps.db, account.id, req)) throw new AppError('login_blocked');
  throw new AppError('authentication_failed');
}

/**
 * A signed-in user proving their current password (a password change): a wrong one counts as a
 * failed sign-in from this address, with the same throttle and lock, so a session left open does
 * not become a way to guess the password without limit.
 */
export async function checkCurrentPassword(deps: Deps, accountId: string, password: string | undefined, req: Request): Promise<void> {
  const wrong = new AppError('validation_failed', { CurrentPassword: 'The current password is wrong.' }, 'The current password is wrong.');
  if (!password) throw wrong;
  await assertNotThrottled(deps.db, req);
  if (await isLockedFor(deps.db, accountId, req)) throw new AppError('login_blocked');
  if (await verifyPassword(password, (await sql.selectPasswordHash(deps.db, accountId)) ?? '')) {
    await clearAccountFailures(deps.db, accountId, req);
    return;
  }
  if (await recordAccountFailure(deps.db, accountId, req)) throw new AppError('login_blocked');
  throw wrong;
}

export function toSignedAccount(auth: Auth): SignedAccount {
  return {
    Id: auth.accountId,
    Name: auth.name,
    Title: auth.title,
    Role: auth.role,
    RoleName: auth.roleName,
    Institution: auth.institution,
    InstitutionName: auth.institutionName,
    Teleradiology: auth.kind,
    AETitle: auth.aeTitle,
    ReferringPhysicianName: auth.referringPhysicianName,
    Permissions: auth.permissions,
    IsGuest: auth.accessKey !== null,
    CsrfToken: auth.csrfToken,
  };
}

/** Rejects a password the policy does not allow, with the reasons as the field message. */
export async function assertPasswordAllowed(deps: Deps, password: string, field = 'Password'): Promise<void> {
  const problems = passwordProblems(password, await getPasswordConfig(deps.db));
  if (problems.length > 0) throw new AppError('validation_failed', { [field]: problems.join(' ') }, problems.join(' '));
}
