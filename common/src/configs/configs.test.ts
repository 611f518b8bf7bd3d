import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../json-path.ts';
import { PRODUCT_VERSION } from '../product.ts';
import {
  CONFIGS_MIGRATIONS,
  HIDDEN_MODALITIES,
  VISIBLE_MODALITIES,
  defaultConfigs,
  isConfigsOutdated,
  isEmptyOrDefaultConfigs,
  migrateLegacyRolePermissions,
  parseVersion,
  upgradeConfigs,
} from './index.ts';
import type { ColumnSetting } from './index.ts';
import { column } from './columns.ts';
import { deepEqual, mergeDefaults } from './tree.ts';

function migration(name: string): (c: JsonObject) => JsonObject {
  const found = CONFIGS_MIGRATIONS.find((m) => m.name === name);
  if (!found) throw new Error(`no migration ${name}`);
  return (c) => found.migrate(c);
}

function keys(list: unknown): string[] {
  return (list as { key: string }[]).map((item) => item.key);
}

/** Runs a migration, checks it leaves its input alone and is idempotent, returns the result. */
function migrateOnce(name: string, input: JsonObject): JsonObject {
  const before = structuredClone(input);
  const once = migration(name)(input);
  expect(input).toEqual(before);
  expect(migration(name)(once)).toEqual(once);
  return once;
}

function allColumns(): ColumnSetting[] {
  return [column('PatientID'), column('PatientName')];
}

describe('defaultConfigs', () => {
  it('fills every section with the spec defaults', () => {
    const c = defaultConfigs();
    expect(c.version).toBe(PRODUCT_VERSION);
    expect(c.country).toBe('');
    expect(c.time_zone).toBe('');
    expect(c.date_format).toBe('YYYY-MM-DD');
    expect(c.first_day_of_week).toBe('monday');
    expect(c.lang).toBe('en');
    expect(c.unit_of_length).toBe('mm');
    expect(c.anonymization).toHaveLength(9);
    expect(c.anonymization.every((a) => a.is_enabled)).toBe(true);
    expect(c.patient_name).toEqual({ ja: 'kana', is_replace_space_with_caret: true });
    expect(c.modality.items.filter((m) => m.is_visible).map((m) => m.key)).toEqual([...VISIBLE_MODALITIES]);
    expect(c.modality.items.filter((m) => !m.is_visible).map((m) => m.key)).toEqual([...HIDDEN_MODALITIES]);
    expect(c.mwm.limit).toBe(100);
    expect(c.mwm.orderby).toEqual([{ key: 'UpdatedAt', desc: true }]);
    expect(c.mwm.quick_search).toEqual({ key: 'PatientID', type: 'partial' });
    expect(c.report.pdf.font_size).toBe(90);
    expect(c.report.pdf.header.border).toMatchObject({ width: 1, color: 'grey' });
    expect(keys(c.report.layout)).toEqual([
      'findings',
      'impression',
      'comments',
      'row_1',
      'row_2',
      'row_3',
      'row_4',
      'row_5',
      'row_6',
      'row_7',
    ]);
    expect(c.share.guest.viewer.toolbar.length).toBeGreaterThan(0);
  });

  it('returns a fresh copy each call', () => {
    const a = defaultConfigs();
    a.mwm.fields.study.pop();
    expect(defaultConfigs()).not.toEqual(a);
  });

  it('keeps every column width in 40..400, with the spec widths', () => {
    const c = defaultConfigs();
    const lists = [
      c.mwm.fields.study,
      c.recycle_bin.fields.study,
      c.recycle_bin.fields.series,
      c.report.fields.study,
      c.report.fields.series,
      c.share.fields.study,
      c.share.fields.patient,
    ];
    for (const item of lists.flat()) {
      expect(item.width).toBeGreaterThanOrEqual(40);
      expect(item.width).toBeLessThanOrEqual(400);
    }
    expect(column('CTDIvols').width).toBe(80);
    expect(column('TotalDLP').width).toBe(80);
    expect(column('Note').width).toBe(400);
    expect(column('Institution').width).toBe(200);
    expect(column('IsShared').width).toBe(100);
  });

  it('is a fixed point of every migration', () => {
    const c = defaultConfigs() as JsonObject;
    for (const m of CONFIGS_MIGRATIONS) expect(m.migrate(c), m.name).toEqual(c);
  });
});

describe('parseVersion', () => {
  it('reads dotted numeric versions', () => {
    expect(parseVersion('0.1.0.1')).toEqual([0, 1, 0, 1]);
    expect(parseVersion('2.10')).toEqual([2, 10]);
  });
  it('refuses missing, undotted and non-numeric versions', () => {
    for (const v of [undefined, null, '', '3', 'abc', '1.x.0.0', '1..2', 4.1, {}]) expect(parseVersion(v)).toBeNull();
  });
});

describe('isConfigsOutdated', () => {
  it('treats a missing version as outdated', () => {
    expect(isConfigsOutdated(undefined, '0.1.0.1')).toBe(true);
    expect(isConfigsOutdated(null, '0.1.0.1')).toBe(true);
  });
  it('treats an undotted version as outdated', () => {
    expect(isConfigsOutdated('1', '0.1.0.1')).toBe(true);
    expect(isConfigsOutdated('latest', '0.1.0.1')).toBe(true);
  });
  it('is not outdated when equal', () => {
    expect(isConfigsOutdated('0.1.0.1', '0.1.0.1')).toBe(false);
  });
  it('is outdated when only the build segment differs, either way', () => {
    expect(isConfigsOutdated('0.1.0.1', '0.1.0.2')).toBe(true);
    expect(isConfigsOutdated('0.1.0.3', '0.1.0.2')).toBe(true);
  });
  it('is not outdated when the stored major is newer', () => {
    expect(isConfigsOutdated('1.0.0.1', '0.1.0.1')).toBe(false);
    expect(isConfigsOutdated('0.2.0.1', '0.1.5.1')).toBe(false);
  });
  it('is outdated when the latest minor is newer', () => {
    expect(isConfigsOutdated('0.1.0.1', '0.2.0.1')).toBe(true);
    expect(isConfigsOutdated('0.1.9.9', '0.2.0.0')).toBe(true);
  });
  it('has nothing to migrate towards when the latest version is unparsable', () => {
    expect(isConfigsOutdated('0.1.0.1', 'dev')).toBe(false);
  });
});

describe('isEmptyOrDefaultConfigs', () => {
  it('is true for nothing stored, junk and the defaults whatever their version', () => {
    for (const v of [undefined, null, {}, [], 'x', 42]) expect(isEmptyOrDefaultConfigs(v)).toBe(true);
    expect(isEmptyOrDefaultConfigs({ ...defaultConfigs(), version: '0.0.0.1' })).toBe(true);
    const noVersion: JsonObject = defaultConfigs();
    delete noVersion.version;
    expect(isEmptyOrDefaultConfigs(noVersion)).toBe(true);
  });
  it('is false once anything differs', () => {
    expect(isEmptyOrDefaultConfigs({ ...defaultConfigs(), country: 'jp' })).toBe(false);
  });
});

describe('configs migrations', () => {
  it('run in the spec order', () => {
    expect(CONFIGS_MIGRATIONS.map((m) => m.name)).toEqual([
      'locale_to_lang',
      'date_format_upper',
      'share_writer_to_shared_by',
      'recycle_bin_columns',
      'series_body_part_key',
      'report_physician_columns',
      'modality_items',
      'mwm_patient_columns_visible',
    ]);
  });

  it('are no-ops on an empty tree', () => {
    for (const m of CONFIGS_MIGRATIONS) expect(m.migrate({}), m.name).toEqual({});
  });

  it('locale_to_lang moves locale into lang', () => {
    expect(migrateOnce('locale_to_lang', { locale: 'ja', country: 'jp' })).toEqual({ lang: 'ja', country: 'jp' });
    expect(migrateOnce('locale_to_lang', { locale: 'ja', lang: 'fr' })).toEqual({ lang: 'fr' });
    expect(migrateOnce('locale_to_lang', { locale: 7 })).toEqual({});
  });

  it('date_format_upper upper-cases the date format', () => {
    expect(migrateOnce('date_format_upper', { date_format: 'yyyy/mm/dd' })).toEqual({ date_format: 'YYYY/MM/DD' });
    expect(migrateOnce('date_format_upper', { date_format: 3 })).toEqual({ date_format: 3 });
  });

  it('share_writer_to_shared_by renames Writer in every share list', () => {
    const out = migrateOnce('share_writer_to_shared_by', {
      share: {
        fields: {
          study: [{ key: 'PatientID' }, { key: 'Writer', label: 'Writer', is_visible: true }],
          patient: [{ key: 'Writer', label: 'Sender' }],
        },
      },
    });
    expect(out).toEqual({
      share: {
        fields: {
          study: [{ key: 'PatientID' }, { key: 'SharedBy', label: 'Shared By', is_visible: true }],
          patient: [{ key: 'SharedBy', label: 'Sender' }],
        },
      },
    });
  });

  it('share_writer_to_shared_by does not duplicate an existing SharedBy', () => {
    const out = migrateOnce('share_writer_to_shared_by', {
      share: { fields: { study: [{ key: 'Writer' }, { key: 'SharedBy' }] } },
    });
    expect(out).toEqual({ share: { fields: { study: [{ key: 'SharedBy' }] } } });
  });

  it('recycle_bin_columns inserts DeleteAt at 3, FileSize at 4 and Institution last', () => {
    const old = {
      recycle_bin: {
        fields: { study: ['PatientID', 'PatientName', 'StudyDateTime', 'ModalitiesInStudy'].map((k) => ({ key: k })) },
      },
    };
    const out = migrateOnce('recycle_bin_columns', old);
    expect(keys((out.recycle_bin as { fields: { study: unknown } }).fields.study)).toEqual([
      'PatientID',
      'PatientName',
      'StudyDateTime',
      'DeleteAt',
      'FileSize',
      'ModalitiesInStudy',
      'Institution',
    ]);
    const partial = { recycle_bin: { fields: { study: [{ key: 'FileSize' }, { key: 'Institution' }] } } };
    expect(keys((migrateOnce('recycle_bin_columns', partial).recycle_bin as { fields: { study: unknown } }).fields.study)).toEqual([
      'FileSize',
      'Institution',
      'DeleteAt',
    ]);
  });

  it('series_body_part_key renames the key in every series list of the tree', () => {
    const out = migrateOnce('series_body_part_key', {
      recycle_bin: { fields: { series: [{ key: 'BodypartExamined', label: 'Body Part' }] } },
      report: {
        fields: { study: [{ key: 'BodypartExamined' }], series: [{ key: 'Modality' }, { key: 'BodypartExamined' }] },
      },
    });
    expect(out).toEqual({
      recycle_bin: { fields: { series: [{ key: 'BodyPartExamined', label: 'Body Part' }] } },
      report: {
        fields: { study: [{ key: 'BodypartExamined' }], series: [{ key: 'Modality' }, { key: 'BodyPartExamined' }] },
      },
    });
  });

  it('report_physician_columns adds the physician columns when missing', () => {
    const out = migrateOnce('report_physician_columns', { report: { fields: { study: [{ key: 'PatientID' }] } } });
    expect((out.report as { fields: { study: unknown } }).fields.study).toEqual([
      { key: 'PatientID' },
      column('ReferringPhysicianName', true),
      column('PerformingPhysicianName', false),
    ]);
    const kept = { report: { fields: { study: [{ key: 'PerformingPhysicianName', is_visible: true }] } } };
    expect(keys((migrateOnce('report_physician_columns', kept).report as { fields: { study: unknown } }).fields.study)).toEqual([
      'PerformingPhysicianName',
      'ReferringPhysicianName',
    ]);
  });

  it('modality_items turns the old flat list into items', () => {
    const out = migrateOnce('modality_items', { modality: ['CT', { modality: 'MR', is_visible: false }, 'CT', 5] });
    const modality = out.modality as { is_collapsed: boolean; items: { key: string; is_visible: boolean }[] };
    expect(modality.is_collapsed).toBe(false);
    expect(modality.items.slice(0, 2)).toEqual([
      { key: 'CT', is_visible: true },
      { key: 'MR', is_visible: false },
    ]);
    // Known modalities the old list left out stay available, hidden.
    expect(modality.items.find((m) => m.key === 'CR')).toEqual({ key: 'CR', is_visible: false });
    expect(new Set(keys(modality.items)).size).toBe(modality.items.length);
  });

  it('modality_items adds is_collapsed and items to an object without them', () => {
    const out = migrateOnce('modality_items', { modality: {} });
    expect(out.modality).toEqual(defaultConfigs().modality);
    const kept = migrateOnce('modality_items', { modality: { is_collapsed: true, items: ['US'] } });
    expect(kept.modality).toEqual({ is_collapsed: true, items: [{ key: 'US', is_visible: true }] });
  });

  it('mwm_patient_columns_visible forces PatientID and PatientName visible', () => {
    const out = migrateOnce('mwm_patient_columns_visible', {
      mwm: {
        fields: {
          study: [
            { key: 'PatientID', is_visible: false },
            { key: 'PatientName', is_visible: false },
            { key: 'Status', is_visible: false },
          ],
        },
      },
    });
    expect(out).toEqual({
      mwm: {
        fields: {
          study: [
            { key: 'PatientID', is_visible: true },
            { key: 'PatientName', is_visible: true },
            { key: 'Status', is_visible: false },
          ],
        },
      },
    });
    expect(migrateOnce('mwm_patient_columns_visible', { mwm: { limit: 5 } })).toEqual({ mwm: { limit: 5 } });
  });
});

describe('migrateLegacyRolePermissions', () => {
  it('enables list, viewer and report on roles without all', () => {
    expect(migrateLegacyRolePermissions({ share: true })).toEqual({
      permissions: { share: true, list: true, viewer: true, report: true },
      changed: true,
    });
    const once = migrateLegacyRolePermissions({ dashboard: true }).permissions;
    expect(migrateLegacyRolePermissions(once)).toEqual({ permissions: once, changed: false });
  });
  it('leaves roles with all alone', () => {
    expect(migrateLegacyRolePermissions({ all: true })).toEqual({ permissions: { all: true }, changed: false });
  });
  it('reads junk as no permissions', () => {
    expect(migrateLegacyRolePermissions('x')).toEqual({
      permissions: { list: true, viewer: true, report: true },
      changed: true,
    });
  });
});

describe('upgradeConfigs', () => {
  it('replaces nothing stored with the defaults', () => {
    for (const stored of [undefined, null, {}, 'junk']) {
      const result = upgradeConfigs(stored);
      expect(result.configs).toEqual(defaultConfigs());
      expect(result.changed).toBe(true);
      expect(result.applied).toEqual([]);
    }
  });

  it('does not report a change for stored defaults', () => {
    expect(upgradeConfigs(defaultConfigs()).changed).toBe(false);
    const result = upgradeConfigs({ ...defaultConfigs(), version: '0.0.9.1' });
    expect(result.configs.version).toBe(PRODUCT_VERSION);
    expect(result.changed).toBe(true);
  });

  it('keeps current configs as they are', () => {
    const stored = { ...defaultConfigs(), country: 'jp', time_zone: 'Asia/Tokyo', locale: 'ja', custom: 1 };
    const result = upgradeConfigs(stored);
    expect(result).toEqual({ configs: stored, changed: false, applied: [] });
    expect(result.configs).not.toBe(stored);
  });

  it('migrates an old stored tree, fills missing sections and sets the version', () => {
    const old = {
      version: '0.0.9.7',
      locale: 'ja',
      country: 'jp',
      time_zone: 'Asia/Tokyo',
      date_format: 'yyyy/mm/dd',
      modality: ['CT', 'MR', 'US'],
      mwm: {
        fields: {
          study: [
            { key: 'PatientID', is_visible: false },
            { key: 'PatientName', is_visible: false },
          ],
        },
        is_patient_imported: true,
        limit: 50,
      },
      recycle_bin: {
        fields: {
          study: allColumns(),
          series: [{ key: 'SeriesNumber' }, { key: 'BodypartExamined' }],
        },
      },
      report: { fields: { study: allColumns(), series: [{ key: 'BodypartExamined' }] } },
      share: { fields: { study: [{ key: 'Writer', label: 'Writer' }], patient: [{ key: 'Writer', label: 'Writer' }] } },
    };
    const snapshot = structuredClone(old);
    const { configs, changed, applied } = upgradeConfigs(old, '0.1.0.1');
    expect(old).toEqual(snapshot);
    expect(changed).toBe(true);
    expect(applied).toEqual(CONFIGS_MIGRATIONS.map((m) => m.name));
    expect(configs.version).toBe('0.1.0.1');
    expect(configs.lang).toBe('ja');
    expect(configs).not.toHaveProperty('locale');
    expect(configs.date_format).toBe('YYYY/MM/DD');
    expect(configs.country).toBe('jp');
    expect(configs.modality.items.filter((m) => m.is_visible).map((m) => m.key)).toEqual(['CT', 'MR', 'US']);
    expect(configs.mwm.limit).toBe(50);
    expect(configs.mwm.is_patient_imported).toBe(true);
    expect(configs.mwm.orderby).toEqual([{ key: 'UpdatedAt', desc: true }]);
    expect(configs.mwm.fields.study.every((f) => f.is_visible)).toBe(true);
    expect(keys(configs.recycle_bin.fields.study)).toEqual(['PatientID', 'PatientName', 'DeleteAt', 'FileSize', 'Institution']);
    expect(keys(configs.recycle_bin.fields.series)).toEqual(['SeriesNumber', 'BodyPartExamined']);
    expect(keys(configs.report.fields.series)).toEqual(['BodyPartExamined']);
    expect(keys(configs.report.fields.study)).toContain('PerformingPhysicianName');
    expect(keys(configs.share.fields.study)).toEqual(['SharedBy']);
    expect(configs.report.layout).toEqual(defaultConfigs().report.layout);
    expect(configs.share.guest).toEqual(defaultConfigs().share.guest);
    expect(configs.anonymization).toEqual(defaultConfigs().anonymization);

    // The result is current: a second start-up leaves it alone.
    expect(upgradeConfigs(configs, '0.1.0.1')).toEqual({ configs, changed: false, applied: [] });
  });

  it('reports no change when an outdated tree migrates to itself', () => {
    const current = { ...defaultConfigs(), country: 'jp' };
    const result = upgradeConfigs(current, '0.1.0.1');
    expect(result.changed).toBe(false);
    const outdated = upgradeConfigs({ ...current, version: '0.1.0.0' }, '0.1.0.1');
    expect(outdated).toEqual({ configs: current, changed: true, applied: [] });
  });

  it('replaces junk sections with their defaults', () => {
    const { configs } = upgradeConfigs({ version: '0.0.1.0', country: 'jp', report: 'junk', mwm: { limit: '7' } });
    expect(configs.report).toEqual(defaultConfigs().report);
    expect(configs.mwm.limit).toBe(100);
    expect(configs.country).toBe('jp');
  });
});

describe('tree helpers', () => {
  it('deepEqual ignores key order', () => {
    expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
  });
  it('mergeDefaults keeps stored arrays and extra keys and drops prototype keys', () => {
    const stored = JSON.parse('{"list":[3],"extra":true,"__proto__":{"polluted":true}}') as unknown;
    const merged = mergeDefaults(stored, { list: [1, 2], more: { x: 1 } }) as JsonObject;
    expect(merged).toEqual({ list: [3], extra: true, more: { x: 1 } });
    expect(({} as JsonObject).polluted).toBeUndefined();
  });
});
