/**
 * Accounts (spec 1 §3, §5): ids are names or e-mail addresses (never the guest ids), passwords
 * follow the policy, the institution and teleradiology kind come from the role, and the Master
 * role always keeps at least one account.
 */
import { randomBytes } from 'node:crypto';
import { MASTER_ROLE_NO, MESSAGES, RESERVED_GUEST_IDS, isAeTitle, isIdOrEmail, type AccountName, type AdminAccount } from '@pacs/common';
import type { Request } from 'express';
import type { Auth } from '../../access/auth.ts';
import { hashPassword } from '../../access/passwords.ts';
import { transaction, type DbClient } from '../../db/pool.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { assertPasswordAllowed, checkCurrentPassword } from '../auth/auth.service.ts';
import { pickableRolesSql } from '../roles/share-targets.ts';
import * as sql from './accounts.sql.ts';

/** Every account but the share guest, as the administrator's list shows them. */
export async function listAccounts(deps: Deps): Promise<AdminAccount[]> {
  return (await sql.selectAccounts(deps.db)).map((row) => ({
    Id: row.id,
    Name: row.name,
    Title: row.title,
    Role: row.role,
    RoleName: row.role_name,
    Institution: row.institution,
    Teleradiology: row.teleradiology,
    AETitle: row.ae_title,
    ReferringPhysicianName: row.referring_physician_name,
    LockedAt: row.locked_at ? row.locked_at.toISOString() : null,
  }));
}

/** Ids and names of the accounts the caller may pick as a share target. */
export async function accountNames(deps: Deps, auth: Auth): Promise<AccountName[]> {
  const pickable = pickableRolesSql(auth, 2);
  if (pickable.sql === 'false') return [];
  return (await sql.selectAccountNames(deps.db, pickable)).map((row) => ({ Id: row.id, Name: row.name }));
}

export interface AccountChange {
  name?: string;
  title?: string;
  password?: string;
  currentPassword?: string;
  role?: number;
  aeTitle?: string;
  referringPhysicianName?: string;
}

function checkAeTitle(aeTitle: string | undefined): void {
  if (aeTitle !== undefined && aeTitle !== '' && !isAeTitle(aeTitle)) {
    throw new AppError('validation_failed', { AETitle: MESSAGES.invalid }, MESSAGES.invalid);
  }
}

async function assertRoleExists(client: DbClient, role: number): Promise<void> {
  if (!(await sql.roleExists(client, role))) throw new AppError('validation_failed', { Role: MESSAGES.invalid }, MESSAGES.invalid);
}

/** Locks the Master accounts and refuses a change that would leave none. */
async function assertMasterRemains(client: DbClient, leaving: string): Promise<void> {
  const masters = await sql.lockMasterAccounts(client, MASTER_ROLE_NO);
  const remaining = masters.filter((master) => master !== leaving);
  if (masters.includes(leaving) && remaining.length === 0) {
    throw new AppError('not_last_master', { Role: MESSAGES.not_last_master });
  }
}

export async function createAccount(deps: Deps, id: string, password: string, change: AccountChange): Promise<string> {
  const trimmed = id.trim();
  if (!isIdOrEmail(trimmed)) throw new AppError('validation_failed', { Id: MESSAGES.invalid }, MESSAGES.invalid);
  if (change.role === undefined) throw new AppError('validation_failed', { Role: MESSAGES.required }, MESSAGES.required);
  checkAeTitle(change.aeTitle);
  await assertPasswordAllowed(deps, password);
  const hash = await hashPassword(password);
  return transaction(deps.db, async (client) => {
    await assertRoleExists(client, change.role!);
    if (await sql.idTaken(client, trimmed)) throw new AppError('already_exists', { Id: MESSAGES.already_exists });
    await sql.insertAccount(client, {
      id: trimmed,
      passwordHash: hash,
      name: change.name ?? '',
      title: change.title ?? '',
      role: change.role!,
      aeTitle: change.aeTitle ?? '',
      referringPhysicianName: change.referringPhysicianName ?? '',
    });
    return trimmed;
  });
}

/**
 * An account for a user the single sign-on provider vouches for (issue 19): no password anyone
 * knows (a random one, hashed like any other, so password sign-in fails in the usual time).
 */
export async function createSsoAccount(deps: Deps, id: string, name: string, role: number): Promise<string> {
  const hash = await hashPassword(randomBytes(32).toString('base64url'));
  return transaction(deps.db, async (client) => {
    await assertRoleExists(client, role);
    if (await sql.idTaken(client, id)) throw new AppError('already_exists', { Id: MESSAGES.already_exists });
    await sql.insertAccount(client, {
      id,
      passwordHash: hash,
      name: name.slice(0, 64),
      title: '',
      role,
      aeTitle: '',
      referringPhysicianName: '',
    });
    return id;
  });
}

/**
 * Changes an account. Anyone may change their own name, title and password (with the current
 * password); an administrator may change any account's role, AE title and referring physician, and
 * set another account's password without knowing it.
 */
/** The guest accounts are the system's own: nobody edits or deletes them. */
function assertNotGuest(id: string): void {
  if (RESERVED_GUEST_IDS.some((guest) => guest.toLowerCase() === id.toLowerCase())) throw new AppError('not_found');
}

export async function updateAccount(
  deps: Deps,
  auth: Auth,
  admin: boolean,
  id: string,
  change: AccountChange,
  req: Request,
): Promise<string> {
  assertNotGuest(id);
  const self = id.toLowerCase() === auth.accountId.toLowerCase();
  if (!self && !admin) throw new AppError('forbidden');
  const adminOnly = change.role !== undefined || change.aeTitle !== undefined || change.referringPhysicianName !== undefined;
  if (adminOnly && !admin) throw new AppError('forbidden');
  checkAeTitle(change.aeTitle);

  let passwordHash: string | null = null;
  if (change.password !== undefined && change.password !== '') {
    // A wrong current password counts as a failed sign-in from the caller's address.
    if (self) await checkCurrentPassword(deps, auth.accountId, change.currentPassword, req);
    await assertPasswordAllowed(deps, change.password);
    passwordHash = await hashPassword(change.password);
  }

  const target = await transaction(deps.db, async (client) => {
    const account = await sql.lockAccount(client, id);
    if (!account) throw new AppError('not_found');
    if (change.role !== undefined && change.role !== account.role) {
      await assertRoleExists(client, change.role);
      if (account.role === MASTER_ROLE_NO) await assertMasterRemains(client, account.id);
    }
    await sql.updateAccount(client, account.id, {
      name: change.name ?? null,
      title: change.title ?? null,
      passwordHash,
      role: change.role ?? null,
      aeTitle: change.aeTitle ?? null,
      referringPhysicianName: change.referringPhysicianName ?? null,
    });
    return account.id;
  });
  // A new password ends the account's other sessions; a new role applies at its next request.
  if (passwordHash || change.role !== undefined) await deps.sessions.destroyAllFor(target, self ? auth.sessionHash : undefined);
  return target;
}

export async function deleteAccount(deps: Deps, auth: Auth, id: string): Promise<void> {
  assertNotGuest(id);
  if (id.toLowerCase() === auth.accountId.toLowerCase()) {
    throw new AppError('conflict', undefined, 'You cannot delete the account you are signed in with.');
  }
  const deleted = await transaction(deps.db, async (client) => {
    const account = await sql.lockAccount(client, id);
    if (!account) throw new AppError('not_found');
    if (account.role === MASTER_ROLE_NO) await assertMasterRemains(client, account.id);
    await sql.deleteAccount(client, account.id);
    return account.id;
  });
  await deps.sessions.destroyAllFor(deleted);
}
