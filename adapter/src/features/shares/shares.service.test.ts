/** Share rules, with the SQL faked (the statements themselves run in test/api/shares.test.ts). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Auth } from '../../access/auth.ts';
import type { Deps } from '../../deps.ts';
import { refusal } from '../../testing/refusal.ts';
import * as sql from './shares.sql.ts';
import { deleteShare, listShares } from './shares.service.ts';

vi.mock('./shares.sql.ts', () => ({ selectShares: vi.fn(), shareCreator: vi.fn(), deleteShare: vi.fn() }));
vi.mock('../../access/visibility.ts', () => ({ forgetVisibility: vi.fn(), requireVisibleStudy: vi.fn() }));

const deps = { db: {}, sessions: { forgetCached: vi.fn() } } as unknown as Deps;
const alice = { accountId: 'alice', permissions: { share: true } } as unknown as Auth;
const admin = { accountId: 'root', permissions: { admin: true } } as unknown as Auth;
const at = new Date('2026-01-01T00:00:00Z');
const row = { no: 7, created_by: 'bob', access_key: 'secret', expires_at: at, created_at: at, updated_at: at, institution: null };

beforeEach(() => vi.clearAllMocks());

describe('shares', () => {
  it('shows a guest key only to the share’s creator and administrators', async () => {
    vi.mocked(sql.selectShares).mockResolvedValue([row]);
    expect((await listShares(deps, alice, 'study'))[0]).toMatchObject({ AccessKey: null, Type: 'guest', SharedWith: 'Guest' });
    expect((await listShares(deps, admin, 'study'))[0]).toMatchObject({ AccessKey: 'secret' });
    expect(vi.mocked(sql.selectShares).mock.calls[0]![3]).toEqual({ createdBy: 'alice', everyone: false });
    expect(vi.mocked(sql.selectShares).mock.calls[1]![3]).toEqual({ createdBy: 'root', everyone: true });
  });

  it('answers 404, not 403, for someone else’s share, and leaves it', async () => {
    vi.mocked(sql.shareCreator).mockResolvedValue({ createdBy: 'bob' });
    expect(await refusal(deleteShare(deps, alice, 'study', 7))).toMatchObject({ status: 404 });
    expect(sql.deleteShare).not.toHaveBeenCalled();
    await deleteShare(deps, admin, 'study', 7);
    expect(sql.deleteShare).toHaveBeenCalledWith(deps.db, 'study', 7);
  });
});
