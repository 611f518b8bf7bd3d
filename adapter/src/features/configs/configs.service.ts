/**
 * Application-wide configs (spec 2 §4 "Configs version check"): one JSON tree stored under key
 * 'app'. At every start, and when an admin's client asks (configs/init), the stored tree is
 * compared with the defaults of this version and migrated; it is written only if it changed.
 */
import { isJsonObject, migrateLegacyRolePermissions, setAtPath, upgradeConfigs, type Configs, type JsonObject } from '@pacs/common';
import { transaction, type Db, type DbClient } from '../../db/pool.ts';
import { AppError } from '../../http/errors.ts';
import { log } from '../../log.ts';

const APP_KEY = 'app';

export async function readConfigs(db: Db | DbClient): Promise<Configs> {
  const { rows } = await db.query<{ value: unknown }>('select value from configs where key = $1', [APP_KEY]);
  return upgradeConfigs(rows[0]?.value).configs;
}

async function writeConfigs(db: DbClient, value: unknown): Promise<void> {
  await db.query(
    `insert into configs (key, value) values ($1, $2)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [APP_KEY, JSON.stringify(value)],
  );
}

/**
 * The configs check and migration, in one transaction with the row locked so two starting
 * replicas or two admins' clients do not interleave. `seed` is used only when nothing is stored.
 */
export async function ensureConfigs(db: Db, seed?: unknown): Promise<{ configs: Configs; applied: string[] }> {
  return transaction(db, async (client) => {
    const { rows } = await client.query<{ value: unknown }>('select value from configs where key = $1 for update', [APP_KEY]);
    const stored = rows.length > 0 ? rows[0]?.value : isJsonObject(seed) ? seed : undefined;
    const { configs, changed, applied } = upgradeConfigs(stored);
    if (changed || rows.length === 0) await writeConfigs(client, configs);
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
  const { rows } = await client.query<{ no: number; permissions: unknown }>(
    `select no, permissions from roles
      where not (permissions ? 'list' or permissions ? 'viewer' or permissions ? 'report')`,
  );
  for (const row of rows) {
    const { permissions, changed } = migrateLegacyRolePermissions(row.permissions);
    if (!changed) continue;
    const stored = isJsonObject(row.permissions) ? row.permissions : {};
    await client.query('update roles set permissions = $2, updated_at = now() where no = $1', [
      row.no,
      JSON.stringify({ ...stored, ...permissions }),
    ]);
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
    await writeConfigs(client, next);
    return next as unknown as Configs;
  });
}
