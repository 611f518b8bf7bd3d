/** Per-user settings: load and upgrade, and the replace rules, with the SQL faked (the statements run in test/api). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { upgradeSettings } from '@pacs/common';
import type { Db } from '../../db/pool.ts';
import { refusal } from '../../testing/refusal.ts';
import * as sql from './settings.sql.ts';
import { selectConfigs } from '../configs/configs.sql.ts';
import { loadSettings, replaceSettings, requireAccountId } from './settings.service.ts';

vi.mock('./settings.sql.ts', () => ({ selectSettings: vi.fn(), updateSettings: vi.fn(), accountIdOf: vi.fn() }));
vi.mock('../configs/configs.sql.ts', () => ({ selectConfigs: vi.fn() }));

const db = {} as Db;
const current = upgradeSettings(undefined).settings;
const written = () => JSON.parse(vi.mocked(sql.updateSettings).mock.calls.at(-1)![2]) as Record<string, unknown>;

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(sql.selectSettings).mockResolvedValue({ settings: current });
});

describe('settings', () => {
  it('answers 404 for an account without settings, and saves an upgrade without touching the time', async () => {
    vi.mocked(sql.selectSettings).mockResolvedValue(undefined);
    expect(await refusal(loadSettings(db, 'alice'))).toMatchObject({ status: 404 });
    vi.mocked(sql.selectSettings).mockResolvedValue({ settings: {} });
    expect(await loadSettings(db, 'alice')).toEqual(current);
    expect(sql.updateSettings).toHaveBeenCalledWith(db, 'alice', JSON.stringify(current), false);
  });

  it('starts someone who never chose a language in the site default language', async () => {
    vi.mocked(sql.selectSettings).mockResolvedValue({ settings: {} });
    vi.mocked(selectConfigs).mockResolvedValue({ value: { lang: 'ja' } });
    expect((await loadSettings(db, 'alice')).lang).toBe('ja');
    vi.mocked(selectConfigs).mockResolvedValue({ value: { lang: 'tlh' } });
    expect((await loadSettings(db, 'alice')).lang).toBe('en');
    // A language the person chose stays theirs.
    vi.mocked(sql.selectSettings).mockResolvedValue({ settings: { ...current, lang: 'fr' } });
    vi.mocked(selectConfigs).mockResolvedValue({ value: { lang: 'ja' } });
    expect((await loadSettings(db, 'alice')).lang).toBe('fr');
  });

  it('does not write settings that are already current', async () => {
    await loadSettings(db, 'alice');
    expect(sql.updateSettings).not.toHaveBeenCalled();
  });

  it('replaces the node under the key’s last segment, or the node itself with replaceall', async () => {
    await replaceSettings(db, 'alice', 'list.toolbar', { toolbar: ['a'] }, 'replace');
    expect(written()).toMatchObject({ list: { toolbar: ['a'] } });
    expect(vi.mocked(sql.updateSettings).mock.calls.at(-1)![3]).toBe(true);
    await replaceSettings(db, 'alice', 'list.toolbar', ['b'], 'replaceall');
    expect(written()).toMatchObject({ list: { toolbar: ['b'] } });
  });

  it('refuses a replace value without the member, a whole tree that is not an object and a bad key', async () => {
    expect(await refusal(replaceSettings(db, 'alice', 'list.toolbar', { other: 1 }, 'replace'))).toMatchObject({
      status: 400,
      fields: { value: expect.stringContaining('"toolbar"') },
    });
    expect(await refusal(replaceSettings(db, 'alice', '', [1], 'replaceall'))).toMatchObject({
      status: 400,
      fields: { value: expect.any(String) },
    });
    expect(await refusal(replaceSettings(db, 'alice', 'a.__proto__', 1, 'replaceall'))).toMatchObject({
      status: 400,
      fields: { key: expect.any(String) },
    });
    expect(sql.updateSettings).not.toHaveBeenCalled();
  });

  it('keeps the version through a whole replacement that leaves it out, and refuses settings over a megabyte', async () => {
    await replaceSettings(db, 'alice', '', { list: {} }, 'replaceall');
    expect(written()).toEqual({ list: {}, version: (current as unknown as { version: unknown }).version });
    expect(await refusal(replaceSettings(db, 'alice', 'big', 'x'.repeat(1_000_001), 'replaceall'))).toMatchObject({
      status: 400,
      fields: { value: expect.any(String) },
    });
    expect(sql.updateSettings).toHaveBeenCalledTimes(1);
  });

  it('refuses viewer settings that break their rules, naming the member with the catalogue message', async () => {
    const presets = current.viewer.window_level.map((preset) => ({ ...preset }));
    presets[1] = { ...presets[1]!, keyboard: presets[0]!.keyboard };
    expect(await refusal(replaceSettings(db, 'alice', 'viewer.window_level', presets, 'replaceall'))).toMatchObject({
      status: 400,
      fields: { 'viewer.window_level.1.keyboard': 'An item with the entered value already exists' },
    });
    expect(
      await refusal(replaceSettings(db, 'alice', 'viewer.color', { color: { annotation: 'green', active: '#ff3333' } }, 'replace')),
    ).toMatchObject({
      status: 400,
      fields: { 'viewer.color.annotation': 'The field is not a valid value' },
    });
    expect(sql.updateSettings).not.toHaveBeenCalled();
    await replaceSettings(db, 'alice', 'viewer.font_size', { font_size: 16 }, 'replace');
    expect(written()).toMatchObject({ viewer: { font_size: 16 } });
  });

  it("refuses a list node that breaks common's list rules, naming the members", async () => {
    expect(await refusal(replaceSettings(db, 'alice', 'list.limit', { limit: 0 }, 'replace'))).toMatchObject({
      status: 400,
      fields: { 'list.limit': 'The field is not a valid value' },
    });
    expect(
      await refusal(
        replaceSettings(
          db,
          'alice',
          'list.last_search',
          { last_search: { StudyDate: { from: '2024-02-01', to: '2024-01-01' } } },
          'replace',
        ),
      ),
    ).toMatchObject({ status: 400, fields: { 'list.last_search.StudyDate': 'The end date must not be before the start date.' } });
    expect(sql.updateSettings).not.toHaveBeenCalled();
    await replaceSettings(db, 'alice', 'list.page_size', { page_size: 25 }, 'replace');
    expect(written()).toMatchObject({ list: { page_size: 25 } });
  });

  it('answers the account id as stored, or 404', async () => {
    vi.mocked(sql.accountIdOf).mockResolvedValue('Alice');
    expect(await requireAccountId(db, 'ALICE')).toBe('Alice');
    vi.mocked(sql.accountIdOf).mockResolvedValue(undefined);
    expect(await refusal(requireAccountId(db, 'nobody'))).toMatchObject({ status: 404 });
  });
});
