/**
 * Per-user settings (spec 2 §4 "Settings load"): stored per account as one JSON tree. Missing
 * settings mean defaults; an older version is upgraded through the migration chain and saved.
 */
import { AppError } from '../../http/errors.ts';
import { getAtPath, isJsonObject, setAtPath, splitKey, upgradeSettings, type JsonObject, type UserSettings } from '@pacs/common';
import type { Db } from '../../db/pool.ts';

/** Settings larger than this are refused: they are preferences, not a data store. */
const MAX_SETTINGS_BYTES = 1_000_000;

export async function loadSettings(db: Db, accountId: string): Promise<UserSettings> {
  const { rows } = await db.query<{ settings: unknown }>('select settings from accounts where id = $1', [accountId]);
  if (rows.length === 0) throw new AppError('not_found');
  const { settings, changed } = upgradeSettings(rows[0]?.settings);
  if (changed) await db.query('update accounts set settings = $2 where id = $1', [accountId, JSON.stringify(settings)]);
  return settings;
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
  const text = JSON.stringify(next);
  if (text.length > MAX_SETTINGS_BYTES) throw new AppError('validation_failed', { value: 'The settings are too large.' });
  await db.query('update accounts set settings = $2, updated_at = now() where id = $1', [accountId, text]);
  return next as unknown as UserSettings;
}
