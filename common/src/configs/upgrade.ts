/**
 * Start-up check of the stored configs (spec 2 §4): replace empty or default trees, migrate
 * outdated ones, and tell the caller whether the result must be saved.
 */
import { isJsonObject } from '../json-path.ts';
import type { JsonObject } from '../json-path.ts';
import { PRODUCT_VERSION } from '../product.ts';
import { defaultConfigs } from './defaults.ts';
import type { Configs } from './defaults.ts';
import { CONFIGS_MIGRATIONS } from './migrations.ts';
import { cloneObject, deepEqual, mergeDefaults } from './tree.ts';
import { isConfigsOutdated } from './version.ts';

function withoutVersion(tree: JsonObject): JsonObject {
  const copy = { ...tree };
  delete copy.version;
  return copy;
}

/** Nothing stored yet (null, `{}`, junk), or exactly the defaults apart from the version. */
export function isEmptyOrDefaultConfigs(stored: unknown): boolean {
  if (!isJsonObject(stored) || Object.keys(stored).length === 0) return true;
  return deepEqual(withoutVersion(stored), withoutVersion(defaultConfigs()));
}

export interface ConfigsUpgrade {
  configs: Configs;
  /** Whether `configs` differs from what was stored, i.e. must be saved. */
  changed: boolean;
  /** Names of the migrations that changed something, in the order they ran. */
  applied: string[];
}

/**
 * The configs to use given the stored tree. Never throws: junk counts as nothing stored.
 * Outdated trees run every migration, then get missing sections from the defaults (stored
 * values win; stored arrays replace default arrays) and the latest version.
 */
export function upgradeConfigs(stored: unknown, latestVersion: string = PRODUCT_VERSION): ConfigsUpgrade {
  if (isEmptyOrDefaultConfigs(stored)) {
    const configs: Configs = { ...defaultConfigs(), version: latestVersion };
    return { configs, changed: !deepEqual(stored, configs), applied: [] };
  }
  const tree = cloneObject(stored);
  if (!isConfigsOutdated(tree.version, latestVersion)) {
    return { configs: tree as Configs, changed: false, applied: [] };
  }
  let migrated = tree;
  const applied: string[] = [];
  for (const { name, migrate } of CONFIGS_MIGRATIONS) {
    const next = migrate(migrated);
    if (!deepEqual(next, migrated)) applied.push(name);
    migrated = next;
  }
  const merged = mergeDefaults(migrated, defaultConfigs()) as Configs;
  const configs: Configs = { ...merged, version: latestVersion };
  return { configs, changed: !deepEqual(configs, stored), applied };
}
