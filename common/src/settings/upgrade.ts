/**
 * Settings load (spec 2 §4): missing settings become the defaults; older ones run the
 * migration chain; any tree gets its missing sections from the defaults; the caller saves when `changed`
 * (except for share guests, who always get defaults and never save).
 */
import { isJsonObject } from '../json-path.ts';
import { cloneObject, deepEqual, mergeDefaults } from '../configs/tree.ts';
import { DEFAULT_LANG, SETTINGS_VERSION, defaultSettings } from './defaults.ts';
import type { UserSettings } from './defaults.ts';
import { SETTINGS_MIGRATIONS } from './migrations.ts';

export interface SettingsUpgrade {
  settings: UserSettings;
  /** Whether `settings` must be saved back. */
  changed: boolean;
  /** Names of the migrations that changed something, in the order they ran. */
  applied: string[];
}

/**
 * The schema version of a stored tree. Trees from before versioning, and junk versions,
 * count as 1, the first schema.
 */
export function settingsVersionOf(stored: unknown): number {
  const raw = isJsonObject(stored) ? stored.version : undefined;
  const version = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
  return typeof version === 'number' && Number.isInteger(version) && version >= 1 ? version : 1;
}

/** The settings to use given the stored tree. Never throws: junk counts as nothing stored. */
export function upgradeSettings(stored: unknown, lang: string = DEFAULT_LANG): SettingsUpgrade {
  if (!isJsonObject(stored) || Object.keys(stored).length === 0) {
    return { settings: defaultSettings(lang), changed: true, applied: [] };
  }
  const version = settingsVersionOf(stored);
  const tree = cloneObject(stored);
  if (version >= SETTINGS_VERSION) {
    // Current schema, but a section may be missing (a whole-tree replace, a hand edit): the
    // client relies on every section, so fill it from the defaults and save only if filled.
    const filled = mergeDefaults(tree, defaultSettings(lang)) as UserSettings;
    return { settings: filled, changed: !deepEqual(filled, tree), applied: [] };
  }
  let migrated = tree;
  const applied: string[] = [];
  for (const { from, name, migrate } of SETTINGS_MIGRATIONS) {
    if (from < version) continue;
    const next = migrate(migrated);
    if (!deepEqual(next, migrated)) applied.push(name);
    migrated = next;
  }
  const merged = mergeDefaults(migrated, defaultSettings(lang)) as UserSettings;
  return { settings: { ...merged, version: SETTINGS_VERSION }, changed: true, applied };
}
