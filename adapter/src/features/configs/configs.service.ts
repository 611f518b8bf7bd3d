/**
 * Application-wide configs (spec 2 §4 "Configs version check"): one JSON tree stored under key
 * 'app'. At every start, and when an admin's client asks (configs/init), the stored tree is
 * compared with the defaults of this version and migrated; it is written only if it changed.
 */
import {
  getAtPath,
  isJsonObject,
  migrateLegacyRolePermissions,
  setAtPath,
  siteConfigProblems,
  upgradeConfigs,
  type Configs,
  type JsonObject,
} from '@pacs/common';
import { transaction, type Db, type DbClient } from '../../db/pool.ts';
import { AppError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { assertWorklistLayout } from '../settings/settings.service.ts';
import * as sql from './configs.sql.ts';

const APP_KEY = 'app';
const PATIENT_IMPORT_FLAG = 'mwm.is_patient_imported';

export async function readConfigs(db: Db | DbClient): Promise<Configs> {
  return upgradeConfigs((await sql.selectConfigs(db, APP_KEY))?.value).configs;
}

function writeConfigs(db: DbClient, value: unknown): Promise<void> {
  return sql.upsertConfigs(db, APP_KEY, value);
}

/**
 * The configs check and migration, in one transaction with the row locked so two starting
 * replicas or two admins' clients do not interleave. `seed` is used only when nothing is stored.
 */
export async function ensureConfigs(db: Db, seed?: unknown): Promise<{ configs: Configs; applied: string[] }> {
  return transaction(db, async (client) => {
    const row = await sql.selectConfigs(client, APP_KEY, true);
    const stored = row ? row.value : isJsonObject(seed) ? seed : undefined;
    const { configs, changed, applied } = upgradeConfigs(stored);
    if (changed || !row) await writeConfigs(client, configs);
    if (applied.length > 0) log.info(`Configs migrated: ${applied.join(', ')}`);
    await migrateLegacyRoles(client);
    return { configs, applied };
  });
}

/**
 * The configs migration for legacy roles: a role stored before permissions had the area keys
 * (none of list, viewer, report present, not even as false) gets list, viewer and report unless
 * it holds `all`. Roles saved by this version carry every key, so they are never touched.
 */
async function migrateLegacyRoles(client: DbClient): Promise<void> {
  for (const row of await sql.selectLegacyRoles(client)) {
    const { permissions, changed } = migrateLegacyRolePermissions(row.permissions);
    if (!changed) continue;
    const stored = isJsonObject(row.permissions) ? row.permissions : {};
    await sql.updateRolePermissions(client, row.no, { ...stored, ...permissions });
    log.info(`Role ${row.no}: legacy permissions upgraded (list, viewer, report enabled)`);
  }
}

export async function replaceConfigs(db: Db, key: string, value: unknown): Promise<Configs> {
  return transaction(db, async (client) => {
    const current = (await readConfigs(client)) as unknown as JsonObject;
    let next: JsonObject;
    try {
      next = setAtPath(current, key, value);
    } catch {
      throw new AppError('validation_failed', { key: 'The key is not valid.' });
    }
    if (key === '' || key === 'version') {
      // The version is the server's to set; a client cannot make configs look newer or older.
      next = { ...next, version: current.version };
    }
    // So is whether the patient import ran (POST /patients/createinformations sets it): a screen
    // saving its older copy of the mwm node must not switch off the records' growth.
    const imported = getAtPath(current, PATIENT_IMPORT_FLAG);
    if (isJsonObject(getAtPath(next, 'mwm')) && getAtPath(next, PATIENT_IMPORT_FLAG) !== imported) {
      next = setAtPath(next, PATIENT_IMPORT_FLAG, imported ?? false);
    }
    assertWorklistLayout(key, next);
    const siteProblems = siteConfigProblems(key, next);
    if (Object.keys(siteProblems).length > 0) throw new AppError('validation_failed', siteProblems);
    await writeConfigs(client, next);
    return next as unknown as Configs;
  });
}

/** Whether names people type are stored with carets for spaces (configs patient_name, spec 2 §9). */
export async function spaceToCaret(db: Db | DbClient): Promise<boolean> {
  return (await readConfigs(db)).patient_name?.is_replace_space_with_caret !== false;
}
