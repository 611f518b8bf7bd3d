/** The account rules, with the SQL, the password hashing and the policy's storage faked (the statements run in test/api). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Request } from 'express';
import { MASTER_ROLE_NO } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import type { Deps } from '../../deps.ts';
import { fakeDb } from '../../testing/fake-db.ts';
import { refusal } from '../../testing/refusal.ts';
import * as security from '../security/security.sql.ts';
import * as sql from './accounts.sql.ts';
import { createAccount, deleteAccount, updateAccount } from './accounts.service.ts';

vi.mock('./accounts.sql.ts', () => ({
  roleExists: vi.fn(),
  lockMasterAccounts: vi.fn(),
  idTaken: vi.fn(),
  insertAccount: vi.fn(),
  lockAccount: vi.fn(),
  updateAccount: vi.fn(),
  deleteAccount: vi.fn(),
}));
vi.mock('../security/security.sql.ts', () => ({ selectServerSetting: vi.fn() }));
vi.mock('../../access/passwords.ts', () => ({ hashPassword: vi.fn(async () => 'hashed') }));

const root = { accountId: 'root', sessionHash: Buffer.from('s') } as unknown as Auth;
const alice = { accountId: 'alice', sessionHash: Buffer.from('a') } as unknown as Auth;
const req = {} as Request;
let deps: Deps;
let statements: () => string[];

beforeEach(() => {
  vi.clearAllMocks();
  const fake = fakeDb();
  statements = fake.statements;
  deps = { db: fake.db, sessions: { destroyAllFor: vi.fn() } } as unknown as Deps;
  // The default policy (at least 4 characters) unless a test stores another.
  vi.mocked(security.selectServerSetting).mockResolvedValue(undefined);
  vi.mocked(sql.roleExists).mockResolvedValue(true);
  vi.mocked(sql.idTaken).mockResolvedValue(false);
});

describe('creating an account', () => {
  it('refuses the guest ids in any case, "0" and ids that are neither a word nor an e-mail, naming Id', async () => {
    for (const id of ['sonic_media_guest', 'SONIC_Share_Guest', '0', 'two words', 'x'])
      expect(await refusal(createAccount(deps, id, 'secret', { role: 2 }))).toMatchObject({
        status: 400,
        fields: { Id: expect.any(String) },
      });
    expect(sql.insertAccount).not.toHaveBeenCalled();
  });

  it('refuses a password the stored policy does not allow, before hashing it', async () => {
    expect(await refusal(createAccount(deps, 'bob', 'abc', { role: 2 }))).toMatchObject({
      status: 400,
      fields: { Password: expect.any(String) },
    });
    vi.mocked(security.selectServerSetting).mockResolvedValue({ ContainsNumber: true });
    expect(await refusal(createAccount(deps, 'bob', 'abcdef', { role: 2 }))).toMatchObject({
      status: 400,
      fields: { Password: 'The password must contain a number.' },
    });
    expect(security.selectServerSetting).toHaveBeenCalledWith(deps.db, 'password_policy');
    expect(sql.insertAccount).not.toHaveBeenCalled();
  });

  it('refuses a bad AE title, a missing or unknown role and a taken id, naming the field', async () => {
    expect(await refusal(createAccount(deps, 'bob', 'secret', { role: 2, aeTitle: 'A\\B' }))).toMatchObject({
      status: 400,
      fields: { AETitle: expect.any(String) },
    });
    expect(await refusal(createAccount(deps, 'bob', 'secret', {}))).toMatchObject({ status: 400, fields: { Role: expect.any(String) } });
    vi.mocked(sql.roleExists).mockResolvedValue(false);
    expect(await refusal(createAccount(deps, 'bob', 'secret', { role: 99 }))).toMatchObject({
      status: 400,
      fields: { Role: expect.any(String) },
    });
    vi.mocked(sql.roleExists).mockResolvedValue(true);
    vi.mocked(sql.idTaken).mockResolvedValue(true);
    expect(await refusal(createAccount(deps, 'bob', 'secret', { role: 2 }))).toMatchObject({
      status: 409,
      fields: { Id: expect.any(String) },
    });
    expect(sql.insertAccount).not.toHaveBeenCalled();
    expect(statements()).not.toContain('commit');
  });

  it('stores the trimmed id with the hash, never the password, and empty text for what was not given', async () => {
    expect(await createAccount(deps, '  bob@example.org ', 'secret', { role: 2, name: 'Bob' })).toBe('bob@example.org');
    expect(sql.insertAccount).toHaveBeenCalledWith(expect.anything(), {
      id: 'bob@example.org',
      passwordHash: 'hashed',
      name: 'Bob',
      title: '',
      role: 2,
      aeTitle: '',
      referringPhysicianName: '',
    });
    expect(statements()).toEqual(['begin', 'commit']);
  });
});

describe('changing and deleting an account', () => {
  it('answers 404 for the guest accounts, whoever asks', async () => {
    expect(await refusal(updateAccount(deps, root, true, 'SONIC_MEDIA_GUEST', { name: 'x' }, req))).toMatchObject({ status: 404 });
    expect(await refusal(deleteAccount(deps, root, 'sonic_share_guest'))).toMatchObject({ status: 404 });
    expect(sql.lockAccount).not.toHaveBeenCalled();
  });

  it('lets a non-administrator change only their own name, title and password', async () => {
    expect(await refusal(updateAccount(deps, alice, false, 'bob', { name: 'x' }, req))).toMatchObject({ status: 403 });
    expect(await refusal(updateAccount(deps, alice, false, 'alice', { role: MASTER_ROLE_NO }, req))).toMatchObject({ status: 403 });
    expect(await refusal(updateAccount(deps, alice, false, 'alice', { aeTitle: 'ME' }, req))).toMatchObject({ status: 403 });
    expect(sql.updateAccount).not.toHaveBeenCalled();
  });

  it('keeps one account in the Master role, and rolls back the change that would leave none', async () => {
    vi.mocked(sql.lockAccount).mockResolvedValue({ id: 'root2', role: MASTER_ROLE_NO });
    vi.mocked(sql.lockMasterAccounts).mockResolvedValue(['root2']);
    expect(await refusal(updateAccount(deps, root, true, 'root2', { role: 2 }, req))).toMatchObject({
      status: 409,
      code: 'not_last_master',
      fields: { Role: expect.any(String) },
    });
    expect(await refusal(deleteAccount(deps, root, 'root2'))).toMatchObject({ status: 409, code: 'not_last_master' });
    expect(sql.updateAccount).not.toHaveBeenCalled();
    expect(sql.deleteAccount).not.toHaveBeenCalled();
    expect(statements()).toEqual(['begin', 'rollback', 'begin', 'rollback']);

    vi.mocked(sql.lockMasterAccounts).mockResolvedValue(['root', 'root2']);
    await deleteAccount(deps, root, 'root2');
    expect(sql.deleteAccount).toHaveBeenCalledWith(expect.anything(), 'root2');
    expect(deps.sessions.destroyAllFor).toHaveBeenCalledWith('root2');
  });

  it('never deletes the account the caller is signed in with', async () => {
    expect(await refusal(deleteAccount(deps, root, 'ROOT'))).toMatchObject({ status: 409, code: 'conflict' });
    expect(sql.lockAccount).not.toHaveBeenCalled();
  });

  it('ends the other sessions of an account whose role changed, keeping the caller’s own', async () => {
    vi.mocked(sql.lockAccount).mockResolvedValue({ id: 'bob', role: 3 });
    await updateAccount(deps, root, true, 'Bob', { role: 2, password: 'newsecret' }, req);
    expect(sql.updateAccount).toHaveBeenCalledWith(expect.anything(), 'bob', {
      name: null,
      title: null,
      passwordHash: 'hashed',
      role: 2,
      aeTitle: null,
      referringPhysicianName: null,
    });
    expect(deps.sessions.destroyAllFor).toHaveBeenCalledWith('bob', undefined);
  });
});
