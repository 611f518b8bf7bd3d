/** Every SQL statement of the application configs (one JSON tree under a key) and the legacy role upgrade. */
import type { Db, DbClient } from '../../db/pool.ts';

/** The stored tree; `lock` holds the row for the rest of the transaction. Undefined when none is stored. */
export async function selectConfigs(db: Db | DbClient, key: string, lock = false): Promise<{ value: unknown } | undefined> {
  const { rows } = await db.query<{ value: unknown }>(`select value from configs where key = $1${lock ? ' for update' : ''}`, [key]);
  return rows[0];
}

export async function upsertConfigs(db: Db | DbClient, key: string, value: unknown): Promise<void> {
  await db.query(
    `insert into configs (key, value) values ($1, $2)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [key, JSON.stringify(value)],
  );
}

/** Roles stored before permissions had the area keys (none of list, viewer, report present). */
export async function selectLegacyRoles(client: DbClient): Promise<{ no: number; permissions: unknown }[]> {
  const { rows } = await client.query<{ no: number; permissions: unknown }>(
    `select no, permissions from roles
      where not (permissions ? 'list' or permissions ? 'viewer' or permissions ? 'report')`,
  );
  return rows;
}

export async function updateRolePermissions(client: DbClient, no: number, permissions: object): Promise<void> {
  await client.query('update roles set permissions = $2, updated_at = now() where no = $1', [no, JSON.stringify(permissions)]);
}
