/**
 * Per-user settings (spec 2 §4 "Settings load"): stored per account as one JSON tree. Missing
 * settings mean defaults; an older version is upgraded through the migration chain and saved.
 */
import { AppError } from '../../http/errors.ts';
import {
  LANGUAGE_CODES,
  getAtPath,
  isJsonObject,
  changedListSettingsProblems,
  setAtPath,
  splitKey,
  settingsVersionOf,
  SETTINGS_VERSION,
  upgradeSettings,
  viewerSettingsProblems,
  worklistLayoutProblems,
  type JsonObject,
  type UserSettings,
} from '@pacs/common';
import type { Db } from '../../db/pool.ts';
import { selectConfigs } from '../configs/configs.sql.ts';
import * as sql from './settings.sql.ts';

/** Settings larger than this are refused: they are preferences, not a data store. */
const MAX_SETTINGS_BYTES = 1_000_000;

export async function loadSettings(db: Db, accountId: string): Promise<UserSettings> {
  const stored = await sql.selectSettings(db, accountId);
  if (!stored) throw new AppError('not_found');
  const upgraded = upgradeSettings(stored.settings);
  let { settings, changed } = upgraded;
  // A settings-version upgrade of an existing tree is what opens the release-notes dialog once
  // (spec 1 §2); the client clears the mark when the dialog closes.
  if (
    changed &&
    isJsonObject(stored.settings) &&
    Object.keys(stored.settings).length > 0 &&
    settingsVersionOf(stored.settings) < SETTINGS_VERSION
  ) {
    settings.release_notes = true;
  }
  // Someone who never chose a language (neither `lang` nor the older `locale`) starts in the
  // site's default (admin/general/localization).
  const tree = stored.settings;
  if (!(isJsonObject(tree) && (typeof tree.lang === 'string' || typeof tree.locale === 'string'))) {
    settings = { ...settings, lang: await siteLanguage(db) };
    changed = true;
  }
  if (changed) await sql.updateSettings(db, accountId, JSON.stringify(settings), false);
  return settings;
}

/** The site's default language (configs `lang`), English when none is set or it is not one we have. */
export async function siteLanguage(db: Db): Promise<string> {
  const stored = (await selectConfigs(db, 'app'))?.value;
  const lang = isJsonObject(stored) ? stored.lang : undefined;
  return typeof lang === 'string' && (LANGUAGE_CODES as readonly string[]).includes(lang) ? lang : 'en';
}

/**
 * Replaces the node at a dotted key. `replace` takes an object keyed by the key's last segment
 * (`list.toolbar` ← `{"toolbar": [...]}`); `replaceall` takes the node itself ('' = everything).
 */
export async function replaceSettings(
  db: Db,
  accountId: string,
  key: string,
  value: unknown,
  mode: 'replace' | 'replaceall',
): Promise<UserSettings> {
  let node = value;
  if (mode === 'replace') {
    const last = splitKey(key).at(-1);
    if (!last || !isJsonObject(value) || !(last in value)) {
      throw new AppError('validation_failed', { value: `The value must be an object with the member "${last ?? ''}".` });
    }
    node = value[last];
  }
  if (key === '' && !isJsonObject(node)) throw new AppError('validation_failed', { value: 'The settings must be an object.' });

  const current = (await loadSettings(db, accountId)) as unknown as JsonObject;
  let next: JsonObject;
  try {
    next = setAtPath(current, key, node);
  } catch {
    throw new AppError('validation_failed', { key: 'The key is not valid.' });
  }
  // A whole replacement must not lose the version the migrations rely on.
  if (key === '' && getAtPath(next, 'version') === undefined) next = { ...next, version: getAtPath(current, 'version') };
  assertWorklistLayout(key, next);
  assertViewerSettings(key, next);
  assertListSettings(key, current, next);
  const text = JSON.stringify(next);
  if (text.length > MAX_SETTINGS_BYTES) throw new AppError('validation_failed', { value: 'The settings are too large.' });
  await sql.updateSettings(db, accountId, text, true);
  return next as unknown as UserSettings;
}

/**
 * The worklist's nodes have rules the /mwm screen relies on (common worklist-layout.ts): a save
 * that touches the mwm node must keep them, whichever tree (settings or configs) it is. 400 names
 * the members, as `mwm.limit`.
 */
export function assertWorklistLayout(key: string, next: JsonObject): void {
  if (!(key === '' || key === 'mwm' || key.startsWith('mwm.'))) return;
  const node = getAtPath(next, 'mwm');
  if (node === undefined) return;
  const problems = worklistLayoutProblems(node);
  if (Object.keys(problems).length === 0) return;
  throw new AppError('validation_failed', Object.fromEntries(Object.entries(problems).map(([member, text]) => [`mwm.${member}`, text])));
}

/**
 * The viewer's nodes have the rules of its settings pages (common viewer-settings.ts): presets
 * with a modality and key once, known grids, colours as #rrggbb, ... A save that touches the
 * viewer node must keep them; 400 names the members, as `viewer.window_level.2.keyboard`.
 */
export function assertViewerSettings(key: string, next: JsonObject): void {
  if (!(key === '' || key === 'viewer' || key.startsWith('viewer.'))) return;
  const node = getAtPath(next, 'viewer');
  if (node === undefined) return;
  const problems = viewerSettingsProblems(node);
  if (Object.keys(problems).length === 0) return;
  const fields = Object.entries(problems).map(([member, text]) => [member === '' ? 'viewer' : `viewer.${member}`, text]);
  throw new AppError('validation_failed', Object.fromEntries(fields));
}

/**
 * The study list's node has the rules its settings pages and /list rely on (common
 * list-settings.ts: columns 40–400 px, studies per page, quick search, shortcuts, search bar parts,
 * the advanced search's fields and last values). Checked for the members a save changes; 400 names
 * them, as `list.fields.csv` or `list.last_search.PatientSex`.
 */
export function assertListSettings(key: string, current: JsonObject, next: JsonObject): void {
  if (!(key === '' || key === 'list' || key.startsWith('list.'))) return;
  const node = getAtPath(next, 'list');
  if (node === undefined) return;
  const problems = changedListSettingsProblems(getAtPath(current, 'list'), node);
  if (Object.keys(problems).length === 0) return;
  throw new AppError('validation_failed', Object.fromEntries(Object.entries(problems).map(([member, text]) => [`list.${member}`, text])));
}

/** An account's id as stored (ids match in any case); 404 when there is none. */
export async function requireAccountId(db: Db, id: string): Promise<string> {
  const stored = await sql.accountIdOf(db, id);
  if (!stored) throw new AppError('not_found');
  return stored;
}
