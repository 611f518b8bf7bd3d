/**
 * Configs migrations (spec 2 §4 "Configs migrations"), run in this order on outdated trees.
 * Each is pure (the input is never modified), idempotent, and leaves the tree alone when the
 * part it concerns is absent: missing sections are filled from the defaults afterwards.
 */
import { getAtPath, isJsonObject } from '../json-path.ts';
import type { JsonObject } from '../json-path.ts';
import { parsePermissions } from '../permissions.ts';
import type { Permissions } from '../permissions.ts';
import { column } from './columns.ts';
import type { ColumnKey } from './columns.ts';
import { defaultModalityItems } from './defaults.ts';
import { cloneObject, hasItemKey } from './tree.ts';

export interface ConfigsMigration {
  name: string;
  migrate(c: JsonObject): JsonObject;
}

/** Applies `fn` to each column list of a `fields` node: `{ study: [...], ... }` or a bare list. */
function mapFieldLists(fields: unknown, fn: (list: unknown[]) => unknown[]): unknown {
  if (Array.isArray(fields)) return fn(fields);
  if (!isJsonObject(fields)) return fields;
  const mapped: JsonObject = {};
  for (const [level, list] of Object.entries(fields)) mapped[level] = Array.isArray(list) ? fn(list) : list;
  return mapped;
}

/**
 * Renames the item keyed `from` to `to`. When the list already holds `to` (a half-migrated
 * tree), the old item is dropped rather than duplicated. A label still equal to the old default
 * follows the rename; a label the admin typed is kept.
 */
function renameItemKey(list: unknown[], from: string, to: string, labels?: readonly [string, string]): unknown[] {
  if (!hasItemKey(list, from)) return list;
  const hasTarget = hasItemKey(list, to);
  const renamed: unknown[] = [];
  for (const item of list) {
    if (!isJsonObject(item) || item.key !== from) {
      renamed.push(item);
    } else if (!hasTarget) {
      const label = labels && item.label === labels[0] ? labels[1] : item.label;
      renamed.push(label === undefined ? { ...item, key: to } : { ...item, key: to, label });
    }
  }
  return renamed;
}

/** Inserts a default column at `index` (clamped to the list) unless the list has it already. */
function insertColumn(list: unknown[], key: ColumnKey, index: number, isVisible = true): unknown[] {
  if (hasItemKey(list, key)) return list;
  const copy = [...list];
  copy.splice(Math.min(index, copy.length), 0, column(key, isVisible));
  return copy;
}

function localeToLang(c: JsonObject): JsonObject {
  if (!Object.hasOwn(c, 'locale')) return c;
  const draft = cloneObject(c);
  const locale = draft.locale;
  delete draft.locale;
  const hasLang = typeof draft.lang === 'string' && draft.lang.trim() !== '';
  if (!hasLang && typeof locale === 'string' && locale.trim() !== '') draft.lang = locale.trim();
  return draft;
}

function dateFormatUpper(c: JsonObject): JsonObject {
  if (typeof c.date_format !== 'string' || c.date_format === c.date_format.toUpperCase()) return c;
  return { ...cloneObject(c), date_format: c.date_format.toUpperCase() };
}

function shareWriterToSharedBy(c: JsonObject): JsonObject {
  const draft = cloneObject(c);
  const share = draft.share;
  if (!isJsonObject(share)) return c;
  share.fields = mapFieldLists(share.fields, (list) => renameItemKey(list, 'Writer', 'SharedBy', ['Writer', 'Shared By']));
  return draft;
}

function recycleBinColumns(c: JsonObject): JsonObject {
  const draft = cloneObject(c);
  const fields = getAtPath(draft, 'recycle_bin.fields');
  if (!isJsonObject(fields) || !Array.isArray(fields.study)) return c;
  let study: unknown[] = fields.study;
  study = insertColumn(study, 'DeleteAt', 3);
  study = insertColumn(study, 'FileSize', 4);
  study = insertColumn(study, 'Institution', study.length);
  fields.study = study;
  return draft;
}

function seriesBodyPartKey(c: JsonObject): JsonObject {
  const draft = cloneObject(c);
  const visit = (node: JsonObject): void => {
    for (const [key, child] of Object.entries(node)) {
      if (!isJsonObject(child)) continue;
      if (key === 'fields' && Array.isArray(child.series)) {
        child.series = renameItemKey(child.series, 'BodypartExamined', 'BodyPartExamined');
      }
      visit(child);
    }
  };
  visit(draft);
  return draft;
}

function reportPhysicianColumns(c: JsonObject): JsonObject {
  const draft = cloneObject(c);
  const fields = getAtPath(draft, 'report.fields');
  if (!isJsonObject(fields) || !Array.isArray(fields.study)) return c;
  let study: unknown[] = fields.study;
  study = insertColumn(study, 'ReferringPhysicianName', study.length, true);
  study = insertColumn(study, 'PerformingPhysicianName', study.length, false);
  fields.study = study;
  return draft;
}

/** A modality entry of any past shape (a code, or an object naming it) in the current shape. */
function toModalityItem(entry: unknown): JsonObject | null {
  if (typeof entry === 'string') return entry.trim() ? { key: entry.trim(), is_visible: true } : null;
  if (!isJsonObject(entry)) return null;
  const name = [entry.key, entry.modality, entry.value, entry.name].find((v) => typeof v === 'string' && v.trim());
  if (typeof name !== 'string') return null;
  const item: JsonObject = { ...entry, key: name.trim(), is_visible: entry.is_visible !== false };
  delete item.modality;
  delete item.value;
  delete item.name;
  return item;
}

function toModalityItems(entries: unknown[]): JsonObject[] {
  const items: JsonObject[] = [];
  for (const entry of entries) {
    const item = toModalityItem(entry);
    if (item && !hasItemKey(items, item.key as string)) items.push(item);
  }
  return items;
}

function modalityItems(c: JsonObject): JsonObject {
  const modality = c.modality;
  const draft = cloneObject(c);
  if (Array.isArray(modality)) {
    // The old flat list named the modalities offered; known ones it left out stay available, hidden.
    const items = toModalityItems(modality);
    for (const known of defaultModalityItems()) {
      if (!hasItemKey(items, known.key)) items.push({ ...known, is_visible: false });
    }
    draft.modality = { is_collapsed: false, items };
    return draft;
  }
  if (!isJsonObject(modality)) return c;
  draft.modality = {
    ...modality,
    is_collapsed: typeof modality.is_collapsed === 'boolean' ? modality.is_collapsed : false,
    items: Array.isArray(modality.items) ? toModalityItems(modality.items) : defaultModalityItems(),
  };
  return draft;
}

function mwmPatientColumnsVisible(c: JsonObject): JsonObject {
  const draft = cloneObject(c);
  const mwm = draft.mwm;
  if (!isJsonObject(mwm) || mwm.fields === undefined) return c;
  mwm.fields = mapFieldLists(mwm.fields, (list) =>
    list.map((item) =>
      isJsonObject(item) && (item.key === 'PatientID' || item.key === 'PatientName') ? { ...item, is_visible: true } : item,
    ),
  );
  return draft;
}

export const CONFIGS_MIGRATIONS: ReadonlyArray<ConfigsMigration> = [
  { name: 'locale_to_lang', migrate: localeToLang },
  { name: 'date_format_upper', migrate: dateFormatUpper },
  { name: 'share_writer_to_shared_by', migrate: shareWriterToSharedBy },
  { name: 'recycle_bin_columns', migrate: recycleBinColumns },
  { name: 'series_body_part_key', migrate: seriesBodyPartKey },
  { name: 'report_physician_columns', migrate: reportPhysicianColumns },
  { name: 'modality_items', migrate: modalityItems },
  { name: 'mwm_patient_columns_visible', migrate: mwmPatientColumnsVisible },
];

/**
 * The last configs migration of spec 2 §4, which concerns roles rather than the configs tree:
 * roles from before the list, viewer and report permissions existed get them enabled, unless
 * they hold `all`. Run it only while upgrading outdated configs: afterwards an admin may have
 * removed these permissions on purpose. The result is parsed (unknown and non-true flags
 * dropped); `changed` says whether a permission was added.
 */
export function migrateLegacyRolePermissions(p: unknown): { permissions: Permissions; changed: boolean } {
  const permissions = parsePermissions(p);
  if (permissions.all === true) return { permissions, changed: false };
  const changed = !permissions.list || !permissions.viewer || !permissions.report;
  return { permissions: { ...permissions, list: true, viewer: true, report: true }, changed };
}
