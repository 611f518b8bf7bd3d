import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json-path.ts';
import { SETTINGS_MIGRATIONS, SETTINGS_VERSION, defaultSettings, settingsVersionOf, upgradeSettings } from './index.ts';

function migration(name: string): (s: JsonObject) => JsonObject {
  const found = SETTINGS_MIGRATIONS.find((m) => m.name === name);
  if (!found) throw new Error(`no migration ${name}`);
  return (s) => found.migrate(s);
}

/** Runs a migration, checks it leaves its input alone and is idempotent, returns the result. */
function migrateOnce(name: string, input: JsonObject): JsonObject {
  const before = structuredClone(input);
  const once = migration(name)(input);
  expect(input).toEqual(before);
  expect(migration(name)(once)).toEqual(once);
  return once;
}

describe('defaultSettings', () => {
  it('carries the latest version and the spec defaults', () => {
    const s = defaultSettings();
    expect(s.version).toBe(SETTINGS_VERSION);
    expect(SETTINGS_VERSION).toBe(5);
    expect(s.lang).toBe('en');
    expect(defaultSettings('ja').lang).toBe('ja');
    expect(s.list.limit).toBe(100);
    expect(s.list.page_size).toBe(15);
    expect(s.list.concurrent_connections).toBe(5);
    expect(s.list.auto_refresh).toBe(true);
    expect(s.list.quick_search).toEqual({ key: 'PatientID', type: 'partial' });
    expect(s.list.advanced_search[0]).toEqual({ key: 'PatientID', type: 'perfect', is_visible: true });
    expect(s.list.search_shortcut.map((x) => x.key)).toEqual(['all', 'today', 'yesterday', 'pastweek']);
    expect(s.list.share.expires_at).toBe(7);
    expect(s.list.share.expires_at_shortcut.map((x) => x.key)).toEqual([7, 14, 30]);
    expect(s.list.toolbar[0]?.key).toBe('viewer');
    expect(s.list.orderby.study).toEqual([{ key: 'StudyDateTime', desc: true }]);
    expect(s.viewer.layout).toMatchObject({ series: '2x2', image: '1x1' });
    expect(s.viewer.layout.modality.map((item) => `${item.modality} ${item.series}`)).toEqual(['CT 1x1', 'MG 2x2']);
    expect(s.viewer.cine.fps).toBe(5);
    expect(s.viewer.magnifier).toEqual({ zoom: 200, size: 300 });
    expect(s.viewer.mouse).toEqual({ left: 'window_level', middle: 'zoom', right: 'pan' });
    expect(s.viewer.zoom.presets).toEqual([25, 50, 100, 150, 200, 400, 800]);
    expect(s.viewer.window_level.map((p) => [p.key, p.ww, p.wc, p.keyboard])).toEqual([
      ['abdomen', 350, 50, '1'],
      ['bone', 1800, 500, '2'],
      ['brain', 80, 30, '3'],
      ['lungs', 1500, -550, '4'],
      ['mediastinum', 350, 30, '5'],
    ]);
    expect(s.mwm.orderby).toEqual([{ key: 'UpdatedAt', desc: true }]);
    expect(s.mwm.limit).toBe(100);
  });

  it('returns a fresh copy each call', () => {
    const a = defaultSettings();
    a.viewer.window_level.pop();
    expect(defaultSettings().viewer.window_level).toHaveLength(5);
  });

  it('is a fixed point of every migration', () => {
    const s = defaultSettings() as JsonObject;
    for (const m of SETTINGS_MIGRATIONS) expect(m.migrate(s), m.name).toEqual(s);
  });
});

describe('settings migrations', () => {
  it('form the chain 1 → 2 → 3 → 4 → 5', () => {
    expect(SETTINGS_MIGRATIONS.map((m) => [m.from, m.name])).toEqual([
      [1, 'locale_to_lang'],
      [2, 'body_part_key'],
      [3, 'viewer_cine_range'],
      [4, 'worklist_entry_column'],
    ]);
    expect((SETTINGS_MIGRATIONS.at(-1)?.from ?? 0) + 1).toBe(SETTINGS_VERSION);
  });

  it('locale_to_lang moves locale into lang', () => {
    expect(migrateOnce('locale_to_lang', { locale: 'fr', list: {} })).toEqual({ lang: 'fr', list: {} });
    expect(migrateOnce('locale_to_lang', { locale: 'fr', lang: 'ko' })).toEqual({ lang: 'ko' });
    expect(migrateOnce('locale_to_lang', { lang: 'ko' })).toEqual({ lang: 'ko' });
  });

  it('body_part_key renames the series column key', () => {
    const out = migrateOnce('body_part_key', {
      list: { fields: { series: [{ key: 'SeriesNumber' }, { key: 'BodypartExamined', width: 90 }] } },
    });
    expect(out).toEqual({
      list: { fields: { series: [{ key: 'SeriesNumber' }, { key: 'BodyPartExamined', width: 90 }] } },
    });
    const both = migrateOnce('body_part_key', {
      list: { fields: { series: [{ key: 'BodypartExamined' }, { key: 'BodyPartExamined' }] } },
    });
    expect(both).toEqual({ list: { fields: { series: [{ key: 'BodyPartExamined' }] } } });
    expect(migrateOnce('body_part_key', { list: 3 })).toEqual({ list: 3 });
  });

  it('viewer_cine_range moves the legacy fps and clamps it into 1..60', () => {
    expect(migrateOnce('viewer_cine_range', { viewer: { cine_fps: 12 } })).toEqual({ viewer: { cine: { fps: 12 } } });
    expect(migrateOnce('viewer_cine_range', { viewer: { cine: { fps: 120 } } })).toEqual({
      viewer: { cine: { fps: 60 } },
    });
    expect(migrateOnce('viewer_cine_range', { viewer: { cine: { fps: 0 } } })).toEqual({
      viewer: { cine: { fps: 1 } },
    });
    expect(migrateOnce('viewer_cine_range', { viewer: { cine: { fps: 'x' }, font_size: 13 } })).toEqual({
      viewer: { cine: { fps: 5 }, font_size: 13 },
    });
    expect(migrateOnce('viewer_cine_range', { viewer: {} })).toEqual({ viewer: { cine: { fps: 5 } } });
    expect(migrateOnce('viewer_cine_range', { lang: 'en' })).toEqual({ lang: 'en' });
  });

  it('worklist_entry_column adds the Order column after the study description, once', () => {
    const order = { key: 'WorklistEntry', label: 'Order', width: 120, alignment: 'left', is_visible: true };
    const out = migrateOnce('worklist_entry_column', {
      list: { fields: { study: [{ key: 'PatientID' }, { key: 'StudyDescription' }, { key: 'Note' }] } },
    });
    expect(out).toEqual({ list: { fields: { study: [{ key: 'PatientID' }, { key: 'StudyDescription' }, order, { key: 'Note' }] } } });
    expect(migrateOnce('worklist_entry_column', out)).toEqual(out);
    expect(migrateOnce('worklist_entry_column', { list: { fields: { study: [{ key: 'PatientID' }] } } })).toEqual({
      list: { fields: { study: [{ key: 'PatientID' }, order] } },
    });
    expect(migrateOnce('worklist_entry_column', { list: 3 })).toEqual({ list: 3 });
  });
});

describe('settingsVersionOf', () => {
  it('reads integer versions and counts anything else as 1', () => {
    expect(settingsVersionOf({ version: 3 })).toBe(3);
    expect(settingsVersionOf({ version: '2' })).toBe(2);
    for (const v of [undefined, 0, -2, 1.5, 'x', null]) expect(settingsVersionOf({ version: v })).toBe(1);
    expect(settingsVersionOf('junk')).toBe(1);
  });
});

describe('upgradeSettings', () => {
  it('gives defaults for missing, empty or junk settings', () => {
    for (const stored of [undefined, null, {}, [], 'junk', 7]) {
      expect(upgradeSettings(stored)).toEqual({ settings: defaultSettings(), changed: true, applied: [] });
    }
    expect(upgradeSettings(null, 'ja').settings.lang).toBe('ja');
  });

  it('leaves current settings alone', () => {
    const stored = { ...defaultSettings(), lang: 'fr', extra: { kept: true } };
    expect(upgradeSettings(stored)).toEqual({ settings: stored, changed: false, applied: [] });
  });

  it('fills the missing sections of current settings from the defaults, keeping stored values', () => {
    const sparse = { version: SETTINGS_VERSION, lang: 'it' };
    const { settings, changed, applied } = upgradeSettings(sparse);
    expect(changed).toBe(true);
    expect(applied).toEqual([]);
    expect(settings).toEqual({ ...defaultSettings(), lang: 'it' });
    // Filling once is enough: the filled tree is stable.
    expect(upgradeSettings(settings).changed).toBe(false);
  });

  it('upgrades v1 settings to v5', () => {
    const v1 = {
      version: 1,
      locale: 'ja',
      list: {
        limit: 50,
        fields: {
          series: [{ key: 'BodypartExamined', label: 'Body Part', width: 90, alignment: 'left', is_visible: false }],
        },
      },
      viewer: { cine_fps: 90, font_size: 16 },
    };
    const snapshot = structuredClone(v1);
    const { settings, changed, applied } = upgradeSettings(v1);
    expect(v1).toEqual(snapshot);
    expect(changed).toBe(true);
    expect(applied).toEqual(['locale_to_lang', 'body_part_key', 'viewer_cine_range']);
    expect(settings.version).toBe(5);
    expect(settings.lang).toBe('ja');
    expect(settings).not.toHaveProperty('locale');
    expect(settings.list.limit).toBe(50);
    expect(settings.list.fields.series).toEqual([
      { key: 'BodyPartExamined', label: 'Body Part', width: 90, alignment: 'left', is_visible: false },
    ]);
    expect(settings.list.fields.study).toEqual(defaultSettings().list.fields.study);
    expect(settings.viewer.cine).toEqual({ fps: 60 });
    expect(settings.viewer).not.toHaveProperty('cine_fps');
    expect(settings.viewer.font_size).toBe(16);
    expect(settings.report).toEqual(defaultSettings().report);
    expect(upgradeSettings(settings)).toEqual({ settings, changed: false, applied: [] });
  });

  it('treats an unversioned tree as v1 and runs only the steps from the stored version', () => {
    expect(upgradeSettings({ locale: 'ko' }).settings.lang).toBe('ko');
    const v3 = upgradeSettings({ version: 3, locale: 'ko', viewer: { cine: { fps: 0 } } });
    expect(v3.applied).toEqual(['viewer_cine_range']);
    expect(v3.settings.viewer.cine.fps).toBe(1);
    expect(v3.settings.lang).toBe('en');
    expect(v3.settings.version).toBe(5);
  });
});
