/**
 * Sign-in by id and password with the lock of spec 1 §5: after `Threshold` wrong passwords within
 * `LockTime` minutes the account is locked for `LockTime` minutes; while locked, even the right
 * password is refused (403 login_blocked). Threshold 0 turns locking off.
 */
import type { Request } from 'express';
import { RESERVED_GUEST_IDS, passwordProblems, type SignedAccount } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { dummyPasswordHash, verifyPassword } from '../../access/passwords.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { getAuthConfig, getPasswordConfig } from '../security/security.service.ts';

interface AccountForSignIn {
  id: string;
  password_hash: string;
  locked: boolean;
}

/** Checks id and password; answers the account id or throws 401 / 403 (locked). */
export async function checkCredentials(deps: Deps, id: string, password: string, req: Request): Promise<string> {
  const { Threshold, LockTime } = await getAuthConfig(deps.db);
  const { rows } = await deps.db.query<AccountForSignIn>(
    `select id, password_hash, coalesce(locked_at > now() - make_interval(mins => $2), false) as locked
       from accounts where lower(id) = lower($1)`,
    [id, LockTime],
  );
  // The guest accounts sign in by access key only, never by password.
  const account = RESERVED_GUEST_IDS.some((guest) => guest.toLowerCase() === id.toLowerCase()) ? undefined : rows[0];
  if (!account) {
    // Spend the same time as a real check so response timing does not reveal which ids exist.
    await verifyPassword(password, await dummyPasswordHash());
    throw new AppError('authentication_failed');
  }
  if (account.locked) throw new AppError('login_blocked');

  if (await verifyPassword(password, account.password_hash)) {
    await deps.db.query('update accounts set failed_attempts = 0, last_failed_at = null, locked_at = null where id = $1', [account.id]);
    return account.id;
  }

  // Failures older than the window, or from before an expired lock, no longer count.
  const { rows: counted } = await deps.db.query<{ failed_attempts: number }>(
    `update accounts set
       failed_attempts = case
         when locked_at is not null or last_failed_at is null or last_failed_at < now() - make_interval(mins => $2) then 1
         else failed_attempts + 1 end,
       last_failed_at = now(),
       locked_at = null
     where id = $1 returning failed_attempts`,
    [account.id, LockTime],
  );
  const attempts = counted[0]?.failed_attempts ?? 0;
  if (Threshold > 0 && attempts >= Threshold) {
    await deps.db.query('update accounts set locked_at = now() where id = $1', [account.id]);
    await deps.db.query('insert into auth_lock_events (account_id, ip) values ($1, $2)', [account.id, req.ip ?? '']);
    log.warn(`Account ${account.id} locked for ${LockTime} min after ${attempts} failed sign-ins (last from ${req.ip ?? '?'})`);
    throw new AppError('login_blocked');
  }
  throw new AppError('authentication_failed');
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
