/**
 * Which index an Orthanc data folder has: since issue 18 Orthanc's index lives in PostgreSQL (the
 * database ORTHANC_INDEX_DATABASE of the product's cluster). A data folder from before holds a
 * SQLite index (the file `index` in Orthanc's index folder) and an empty PostgreSQL index: Orthanc
 * would start on the empty one and the archive would look empty, so `npm start` refuses and names
 * the command that migrates it (docs/decisions.md, "Orthanc's index in PostgreSQL").
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { PgServer } from '../../adapter/src/db/databases.ts';
import { orthancFolders } from '../services/orthanc.ts';

export const MIGRATE_COMMAND = 'npm run migrate:orthanc-index';

/** The SQLite index of an older data folder, if there is one. */
export function sqliteIndexFile(orthancDir: string): string | undefined {
  const file = join(orthancFolders(orthancDir).index, 'index');
  return existsSync(file) ? file : undefined;
}

/**
 * The PostgreSQL index: `absent` (Orthanc never started on it: no tables), `empty` (tables, no
 * resource) or `filled`.
 */
export async function postgresIndexState(server: PgServer, database: string): Promise<'absent' | 'empty' | 'filled'> {
  const client = new pg.Client({ ...server, database, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ table: string | null }>(`select to_regclass('public.resources')::text as table`);
    if (rows[0]?.table == null) return 'absent';
    const { rowCount } = await client.query('select 1 from resources limit 1');
    return rowCount === 0 ? 'empty' : 'filled';
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Throws the message that names the migration when the data folder still has only a SQLite index. */
export async function refuseUnmigratedIndex(orthancDir: string, server: PgServer, database: string): Promise<void> {
  const file = sqliteIndexFile(orthancDir);
  if (file === undefined) return;
  if ((await postgresIndexState(server, database)) === 'filled') return;
  throw new Error(
    `Orthanc's index in this data folder is still the SQLite file ${file}, and its PostgreSQL index (database ` +
      `"${database}") is empty. Started like this, the archive would look empty. Migrate it once, with the PACS ` +
      `stopped and the same settings (DATA_DIR, PG_PORT): ${MIGRATE_COMMAND}`,
  );
}
