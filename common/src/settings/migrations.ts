/**
 * User-settings migrations: one step per schema version, run in order from the stored version
 * up to SETTINGS_VERSION. The spec names no settings migrations; these cover the shape changes
 * the settings went through since. Each is pure and idempotent, and leaves
 * sections it does not find alone (defaults fill them afterwards).
 */
import { isJsonObject } from '../json-path.ts';
import type { JsonObject } from '../json-path.ts';
import { column } from '../configs/columns.ts';
import { cloneObject, hasItemKey } from '../configs/tree.ts';

export interface SettingsMigration {
  /** The stored version this step upgrades; it produces version `from + 1`. */
  from: number;
  name: string;
  migrate(s: JsonObject): JsonObject;
}

export const CINE_FPS_MIN = 1;
export const CINE_FPS_MAX = 60;
export const DEFAULT_CINE_FPS = 5;

/** v1 → v2: the language setting was called `locale`; `lang` wins when both exist. */
function localeToLang(s: JsonObject): JsonObject {
  if (!Object.hasOwn(s, 'locale')) return s;
  const draft = cloneObject(s);
  const locale = draft.locale;
  delete draft.locale;
  const hasLang = typeof draft.lang === 'string' && draft.lang.trim() !== '';
  if (!hasLang && typeof locale === 'string' && locale.trim() !== '') draft.lang = locale.trim();
  return draft;
}

/**
 * v2 → v3: the series column for DICOM BodyPartExamined (0018,0015) was keyed with the wrong
 * case, `BodypartExamined`, so it never matched the data. A list holding both keeps the new one.
 */
function bodyPartKey(s: JsonObject): JsonObject {
  const draft = cloneObject(s);
  const list = draft.list;
  const fields = isJsonObject(list) ? list.fields : undefined;
  if (!isJsonObject(fields) || !Array.isArray(fields.series)) return s;
  const series: unknown[] = fields.series;
  const hasNew = hasItemKey(series, 'BodyPartExamined');
  fields.series = series.flatMap((item) => {
    if (!isJsonObject(item) || item.key !== 'BodypartExamined') return [item];
    return hasNew ? [] : [{ ...item, key: 'BodyPartExamined' }];
  });
  return draft;
}

function clampFps(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_CINE_FPS;
  return Math.min(CINE_FPS_MAX, Math.max(CINE_FPS_MIN, Math.round(value)));
}

/**
 * v3 → v4: cine speed moved from a top-level `viewer.cine_fps` number into `viewer.cine.fps`,
 * and the cine range of the viewer toolbar accepts 1 to 60 fps only: out-of-range values are
 * clamped, a missing or non-numeric value becomes 5.
 */
function viewerCineRange(s: JsonObject): JsonObject {
  if (!isJsonObject(s.viewer)) return s;
  const draft = cloneObject(s);
  const viewer = draft.viewer as JsonObject;
  const cine = isJsonObject(viewer.cine) ? viewer.cine : {};
  const legacy = viewer.cine_fps;
  delete viewer.cine_fps;
  const fps = typeof cine.fps === 'number' ? cine.fps : legacy;
  viewer.cine = { ...cine, fps: clampFps(fps) };
  return draft;
}

/**
 * v4 → v5: the study list gained the Order column (`WorklistEntry`, the worklist entry a study was
 * performed for), placed after the study description and shown; the list hides it from users
 * without the worklist. A list that already has it is left alone.
 */
function worklistEntryColumn(s: JsonObject): JsonObject {
  const list = s.list;
  const fields = isJsonObject(list) ? list.fields : undefined;
  if (!isJsonObject(fields) || !Array.isArray(fields.study) || hasItemKey(fields.study, 'WorklistEntry')) return s;
  const draft = cloneObject(s);
  const study = ((draft.list as JsonObject).fields as JsonObject).study as unknown[];
  const after = study.findIndex((item) => isJsonObject(item) && item.key === 'StudyDescription');
  study.splice(after >= 0 ? after + 1 : study.length, 0, { ...column('WorklistEntry') });
  return draft;
}

export const SETTINGS_MIGRATIONS: ReadonlyArray<SettingsMigration> = [
  { from: 1, name: 'locale_to_lang', migrate: localeToLang },
  { from: 2, name: 'body_part_key', migrate: bodyPartKey },
  { from: 3, name: 'viewer_cine_range', migrate: viewerCineRange },
  { from: 4, name: 'worklist_entry_column', migrate: worklistEntryColumn },
];
