/**
 * Accounts (spec 1 §3, §7).
 * - GET /accounts/all            → [{Id, Name, Title, Role, RoleName, Institution, Teleradiology,
 *                                    AETitle, ReferringPhysicianName, LockedAt}]
 * - GET /accounts/names          → [{Id, Name}]: the accounts the caller may pick as a share
 *                                    target (roles/share-targets.ts): every account for an
 *                                    administrator, those of the caller's own institution for
 *                                    other accounts, none for a share guest
 * - POST /accounts/create        form Id, Password, Name, Title, Role, AETitle, ReferringPhysicianName
 * - PATCH /accounts/update       form Id + fields; own Name/Title/Password (with CurrentPassword)
 *                                for anyone, everything for an administrator
 * - DELETE /accounts/delete?id=  409 not_last_master for the last Master account; not oneself
 */
import type { Request } from 'express';
import { isAdmin } from '@pacs/common';
import type { AnyRouteSpec } from '../../http/routes.ts';
import { invalid, optionalInt, optionalString, requiredString } from '../../http/input.ts';
import { toSignedAccount } from '../auth/auth.service.ts';
import { accountNames, createAccount, deleteAccount, listAccounts, updateAccount, type AccountChange } from './accounts.service.ts';

function readChange(req: Request): AccountChange {
  return {
    name: optionalString(req, 'Name', 'body', 256),
    title: optionalString(req, 'Title', 'body', 256),
    password: optionalString(req, 'Password', 'body', 1024),
    currentPassword: optionalString(req, 'CurrentPassword', 'body', 1024),
    role: optionalInt(req, 'Role', 1, 1_000_000_000),
    aeTitle: optionalString(req, 'AETitle', 'body', 64),
    referringPhysicianName: optionalString(req, 'ReferringPhysicianName', 'body', 256),
  };
}

export const accountsRoutes: AnyRouteSpec[] = [
  {
    method: 'get',
    path: '/accounts/all',
    access: 'admin',
    summary: 'Accounts',
    handler: (_req, _res, { deps }) => listAccounts(deps),
  },
  {
    method: 'get',
    path: '/accounts/names',
    access: 'signed',
    summary: 'Account ids and names',
    handler: (_req, _res, { deps, auth }) => accountNames(deps, auth),
  },
  {
    method: 'post',
    path: '/accounts/create',
    access: 'admin',
    summary: 'Create an account',
    handler: async (req, _res, { deps, auth }) => {
      const change = readChange(req);
      const id = await createAccount(deps, requiredString(req, 'Id', 'body', 256), requiredString(req, 'Password', 'body', 1024), change);
      deps.audit.record(req, auth, { action: 'account_change', details: { Change: 'create', Id: id, Fields: Object.keys(change) } });
      return { Id: id };
    },
  },
  {
    method: 'patch',
    path: '/accounts/update',
    access: 'signed',
    summary: 'Change an account (your own, or any as an administrator)',
    handler: async (req, _res, { deps, auth }) => {
      const id = optionalString(req, 'Id', 'body', 256) ?? auth.accountId;
      if (id === '') throw invalid('Id', 'The field is required');
      const change = readChange(req);
      const updated = await updateAccount(deps, auth, isAdmin(auth.permissions), id, change, req);
      // Field names only: a password (or any value) never goes into the log.
      deps.audit.record(req, auth, { action: 'account_change', details: { Change: 'update', Id: updated, Fields: Object.keys(change) } });
      if (updated.toLowerCase() !== auth.accountId.toLowerCase()) return { Id: updated };
      const fresh = await deps.sessions.authenticate(req, { fresh: true });
      return fresh ? toSignedAccount(fresh) : { Id: updated };
    },
  },
  {
    method: 'delete',
    path: '/accounts/delete',
    access: 'admin',
    summary: 'Delete an account',
    handler: async (req, _res, { deps, auth }) => {
      const id = requiredString(req, 'id', 'query', 256);
      await deleteAccount(deps, auth, id);
      deps.audit.record(req, auth, { action: 'account_change', details: { Change: 'delete', Id: id } });
      return {};
    },
  },
];
