/** The configs check and migration around the stored tree, with the SQL faked (the statements run in test/api). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { upgradeConfigs } from '@pacs/common';
import { fakeDb } from '../../testing/fake-db.ts';
import { refusal } from '../../testing/refusal.ts';
import * as sql from './configs.sql.ts';
import { ensureConfigs, replaceConfigs } from './configs.service.ts';

vi.mock('./configs.sql.ts', () => ({
  selectConfigs: vi.fn(),
  upsertConfigs: vi.fn(),
  selectLegacyRoles: vi.fn(),
  updateRolePermissions: vi.fn(),
}));
vi.mock('../../log.ts', () => ({ log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() } }));

const current = upgradeConfigs(undefined).configs;

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(sql.selectLegacyRoles).mockResolvedValue([]);
});

describe('the configs check at start', () => {
  it('writes this version’s defaults, or the seed migrated, when nothing is stored, reading with the row locked', async () => {
    const { db } = fakeDb();
    vi.mocked(sql.selectConfigs).mockResolvedValue(undefined);
    expect((await ensureConfigs(db)).configs).toEqual(current);
    expect(sql.selectConfigs).toHaveBeenCalledWith(expect.anything(), 'app', true);
    expect(sql.upsertConfigs).toHaveBeenCalledWith(expect.anything(), 'app', current);

    const seed = { ...current, Custom: { x: 1 } };
    await ensureConfigs(db, seed);
    expect(vi.mocked(sql.upsertConfigs).mock.calls[1]![2]).toMatchObject({ Custom: { x: 1 }, version: current.version });
  });

  it('leaves a current tree as it is stored, and ignores the seed then', async () => {
    const { db, statements } = fakeDb();
    vi.mocked(sql.selectConfigs).mockResolvedValue({ value: current });
    expect((await ensureConfigs(db, { Other: true })).configs).toEqual(current);
    expect(sql.upsertConfigs).not.toHaveBeenCalled();
    expect(statements()).toEqual(['begin', 'commit']);
  });

  it('gives a legacy role list, viewer and report, keeping its other keys, and leaves roles with `all`', async () => {
    const { db } = fakeDb();
    vi.mocked(sql.selectConfigs).mockResolvedValue({ value: current });
    vi.mocked(sql.selectLegacyRoles).mockResolvedValue([
      { no: 4, permissions: { admin: true, custom: 'kept' } },
      { no: 5, permissions: { all: true } },
    ]);
    await ensureConfigs(db);
    expect(sql.updateRolePermissions).toHaveBeenCalledTimes(1);
    expect(sql.updateRolePermissions).toHaveBeenCalledWith(
      expect.anything(),
      4,
      expect.objectContaining({ admin: true, custom: 'kept', list: true, viewer: true, report: true }),
    );
  });
});

describe('replacing configs', () => {
  it('sets the value at the dotted key and writes the whole tree', async () => {
    const { db } = fakeDb();
    vi.mocked(sql.selectConfigs).mockResolvedValue({ value: current });
    const next = await replaceConfigs(db, 'Custom.depth', 7);
    expect(next).toMatchObject({ Custom: { depth: 7 }, version: current.version });
    expect(sql.upsertConfigs).toHaveBeenCalledWith(expect.anything(), 'app', next);
  });

  it('keeps the server’s version whatever the client sends', async () => {
    const { db } = fakeDb();
    vi.mocked(sql.selectConfigs).mockResolvedValue({ value: current });
    expect((await replaceConfigs(db, 'version', '0.0.1')).version).toBe(current.version);
    expect((await replaceConfigs(db, '', { ...current, version: '99.0.0' })).version).toBe(current.version);
  });

  it('keeps whether the patient import ran, whatever a saved mwm node or tree says', async () => {
    const { db } = fakeDb();
    const imported = { ...current, mwm: { ...current.mwm, is_patient_imported: true } };
    vi.mocked(sql.selectConfigs).mockResolvedValue({ value: imported });
    expect((await replaceConfigs(db, 'mwm', { ...current.mwm, is_patient_imported: false, limit: 50 })).mwm).toMatchObject({
      is_patient_imported: true,
      limit: 50,
    });
    expect((await replaceConfigs(db, '', current)).mwm.is_patient_imported).toBe(true);
    vi.mocked(sql.selectConfigs).mockResolvedValue({ value: current });
    expect((await replaceConfigs(db, 'mwm.is_patient_imported', true)).mwm.is_patient_imported).toBe(false);
  });

  it('refuses a key that would reach the prototype, or a whole tree that is not an object, naming key', async () => {
    const { db, statements } = fakeDb();
    vi.mocked(sql.selectConfigs).mockResolvedValue({ value: current });
    expect(await refusal(replaceConfigs(db, 'a.__proto__.b', 1))).toMatchObject({ status: 400, fields: { key: expect.any(String) } });
    expect(await refusal(replaceConfigs(db, '', [1]))).toMatchObject({ status: 400, fields: { key: expect.any(String) } });
    expect(sql.upsertConfigs).not.toHaveBeenCalled();
    expect(statements()).toEqual(['begin', 'rollback', 'begin', 'rollback']);
  });
});
