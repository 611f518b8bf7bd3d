/**
 * Per-user settings (spec 2 §4 "Settings load"): stored per account as one JSON tree. Missing
 * settings mean defaults; an older version is upgraded through the migration chain and saved.
 */
import { AppError } from '../../http/errors.ts';
import {
  LANGUAGE_CODES,
  getAtPath,
  isJsonObject,
  setAtPath,
  splitKey,
  upgradeSettings,
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

/** An account's id as stored (ids match in any case); 404 when there is none. */
export async function requireAccountId(db: Db, id: string): Promise<string> {
  const stored = await sql.accountIdOf(db, id);
  if (!stored) throw new AppError('not_found');
  return stored;
}
