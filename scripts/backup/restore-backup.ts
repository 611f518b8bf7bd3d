/**
 * `npm run restore <backup>`: a backup made by take-backup.ts becomes a new data folder that
 * `npm start` runs as it is.
 *
 * The restore checks the backup, copies Orthanc's files into the folder, creates a new PostgreSQL
 * cluster there (with new passwords in its secrets.json) and restores the dumps into it (Orthanc's
 * index among them; a backup from before the index moved into PostgreSQL holds a SQLite index, which
 * is put in place and migrated), applies the migrations of this version, then starts PostgreSQL and Orthanc on free ports for a
 * moment to reconcile the two: resources whose files were deleted during the backup are deleted
 * from Orthanc, and the study index catches up with Orthanc's changes after the dump's cursor
 * (the adapter's own follower) and is compared with Orthanc's studies (its reconcile). Both
 * services are stopped again before it answers.
 */
import { chmodSync, constants, existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { copyFile, mkdir, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { createPool } from '../../adapter/src/db/pool.ts';
import { migrate } from '../../adapter/src/db/migrate.ts';
import { OrthancClient } from '../../adapter/src/orthanc/client.ts';
import { ChangesFollower } from '../../adapter/src/study-index/follower.ts';
import { startPostgres, type RunningPostgres } from '../services/postgres.ts';
import { orthancFolders, startOrthanc, type RunningOrthanc } from '../services/orthanc.ts';
import { loadOrCreateSecrets } from '../services/secrets.ts';
import { freePort } from '../services/process.ts';
import { restoreDatabase } from './pg-dump.ts';
import { ensureDatabases, ORTHANC_INDEX_DATABASE } from '../../adapter/src/db/databases.ts';
import { migrateOrthancIndex } from '../orthanc-index/migrate.ts';
import { storagePath } from './storage-files.ts';
import { BACKUP_FORMAT, MANIFEST, alive, readFileList, type Manifest } from './take-backup.ts';

export interface RestoreOptions {
  /** A backup folder (one with manifest.json). */
  backupDir: string;
  /** The data folder to create; must be empty or absent unless `force`. */
  dataDir: string;
  /** Replace what the data folder holds (never while a PACS runs on it). */
  force?: boolean;
  /** The names the product is configured with (PG_USER, PG_DATABASE, ORTHANC_USER, DICOM_AET). */
  pgUser: string;
  pgDatabase: string;
  orthancUser: string;
  dicomAet: string;
}

export interface RestoreResult {
  studies: number;
  instances: number;
  files: number;
  /** Resources deleted because their files were deleted during the backup. */
  deleted: number;
  index: { removed: number; added: number } | 'rebuilt';
}

/** A problem the person restoring must fix (shown without a stack trace). */
export class RestoreError extends Error {}

export function readManifest(backupDir: string): Manifest {
  const file = join(backupDir, MANIFEST);
  if (!existsSync(backupDir)) throw new RestoreError(`${backupDir} does not exist.`);
  if (!existsSync(file)) {
    throw new RestoreError(
      `${backupDir} is not a complete backup (it has no ${MANIFEST}): name a folder that npm run backup wrote, such as backups/<time>.`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch (error) {
    throw new RestoreError(`${file} is not readable JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new RestoreError(`${file} has format ${String(manifest.format)}; this version restores format ${BACKUP_FORMAT}.`);
  }
  for (const database of manifest.databases ?? []) {
    if (!/^[\w-]+$/.test(database) || !existsSync(join(backupDir, 'postgres', `${database}.dump`))) {
      throw new RestoreError(`${backupDir} lacks the dump of database ${JSON.stringify(database)}.`);
    }
  }
  if (
    manifest.orthancIndex === 'sqlite'
      ? !existsSync(join(backupDir, 'orthanc', 'index'))
      : !manifest.databases?.includes(ORTHANC_INDEX_DATABASE)
  )
    throw new RestoreError(
      `${backupDir} lacks Orthanc's index (${manifest.orthancIndex === 'sqlite' ? 'orthanc/index' : `postgres/${ORTHANC_INDEX_DATABASE}.dump`}).`,
    );
  return manifest;
}

/** Refuses a data folder that holds anything, unless forced and nothing runs on it. */
function prepareDataDir(dataDir: string, force: boolean): void {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!force) {
      throw new RestoreError(
        `${dataDir} is not empty. Restore into a new folder (--data-dir), or add --force to replace everything it holds.`,
      );
    }
    const pids = [
      join(dataDir, 'postgres', 'postmaster.pid'),
      orthancFolders(join(dataDir, 'orthanc')).pidFile,
      join(dataDir, 'run', 'adapter.pid'),
    ].flatMap((file) => (existsSync(file) ? [Number(readFileSync(file, 'utf8').split('\n')[0])] : []));
    if (pids.some((pid) => pid > 0 && alive(pid))) {
      throw new RestoreError(`A PACS is running on ${dataDir}: stop it (Ctrl-C) before restoring over it.`);
    }
    for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
  }
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const backupDir = resolve(options.backupDir);
  const dataDir = resolve(options.dataDir);
  const manifest = readManifest(backupDir);
  if (!manifest.databases.includes(options.pgDatabase)) {
    throw new RestoreError(
      `The backup holds the databases ${manifest.databases.join(', ') || '(none)'}, not ${options.pgDatabase} (PG_DATABASE).`,
    );
  }
  const files = await readFileList(backupDir);
  // Every listed file is there with its size before anything is replaced (--force).
  for (const file of files) {
    const source = join(backupDir, 'storage', storagePath(file.uuid));
    const size = await stat(source).then(
      (found) => found.size,
      () => undefined,
    );
    if (size === undefined) throw new RestoreError(`The backup lacks ${source}: it is damaged or incomplete.`);
    if (size !== file.size)
      throw new RestoreError(`${source} has ${size} bytes, the backup's list says ${file.size}: the backup is damaged.`);
  }
  prepareDataDir(dataDir, options.force ?? false);

  await mkdir(dataDir, { recursive: true });
  chmodSync(dataDir, 0o711);
  const logs = join(dataDir, 'logs');
  await mkdir(logs, { recursive: true });
  const secrets = loadOrCreateSecrets(dataDir);

  // Orthanc's files (and the SQLite index of an older backup, migrated below).
  const orthancDir = join(dataDir, 'orthanc');
  const folders = orthancFolders(orthancDir);
  if (manifest.orthancIndex === 'sqlite') {
    await mkdir(folders.index, { recursive: true });
    await copyFile(join(backupDir, 'orthanc', 'index'), join(folders.index, 'index'));
  }
  const made = new Set<string>();
  for (const file of files) {
    const path = join(folders.storage, storagePath(file.uuid));
    if (!made.has(dirname(path))) {
      await mkdir(dirname(path), { recursive: true });
      made.add(dirname(path));
    }
    await copyFile(join(backupDir, 'storage', storagePath(file.uuid)), path, constants.COPYFILE_FICLONE);
  }

  let postgres: RunningPostgres | undefined;
  let orthanc: RunningOrthanc | undefined;
  try {
    const pgServer = { host: '127.0.0.1', port: await freePort(), user: options.pgUser, password: secrets.pgPassword };
    postgres = await startPostgres({
      ...pgServer,
      dataDir: join(dataDir, 'postgres'),
      database: options.pgDatabase,
      moreDatabases: [ORTHANC_INDEX_DATABASE],
      logFile: join(logs, 'postgres.log'),
    });
    await ensureDatabases(pgServer, manifest.databases);
    for (const database of manifest.databases) await restoreDatabase(pgServer, database, join(backupDir, 'postgres', `${database}.dump`));
    if (manifest.orthancIndex === 'sqlite') {
      await migrateOrthancIndex({
        orthancDir,
        pg: pgServer,
        database: ORTHANC_INDEX_DATABASE,
        orthanc: { user: options.orthancUser, password: secrets.orthancPassword, aet: options.dicomAet },
        logFile: join(logs, 'orthanc.log'),
      });
    }
    const db = createPool({ ...pgServer, database: options.pgDatabase });
    try {
      await migrate(db);
      // Orthanc on free ports (a PACS may run on the configured ones); its network.json is the
      // backup's once it has stopped, below.
      orthanc = await startOrthanc({
        dataDir: orthancDir,
        index: { kind: 'postgresql', ...pgServer, database: ORTHANC_INDEX_DATABASE },
        httpPort: await freePort(),
        dicomPort: await freePort(),
        aet: options.dicomAet,
        user: options.orthancUser,
        password: secrets.orthancPassword,
        logFile: join(logs, 'orthanc.log'),
        dicomServer: false,
      });
      const client = new OrthancClient(orthanc.url, options.orthancUser, secrets.orthancPassword);
      const auth = 'Basic ' + Buffer.from(`${options.orthancUser}:${secrets.orthancPassword}`).toString('base64');
      let deleted = 0;
      for (const { resource, level } of manifest.missing) {
        const response = await fetch(`${orthanc.url}/${level.toLowerCase()}s/${encodeURIComponent(resource)}`, {
          method: 'DELETE',
          headers: { authorization: auth },
        });
        if (response.ok) deleted++;
        else if (response.status !== 404) throw new Error(`Orthanc refused to delete ${level} ${resource}: HTTP ${response.status}`);
      }
      const follower = new ChangesFollower(client, db);
      let index: RestoreResult['index'];
      if (manifest.missing.length > 0) {
        // Deleted instances leave no change behind and reconcile sees whole studies only: rebuild.
        await follower.rebuild();
        index = 'rebuilt';
      } else {
        while (await follower.step()) {
          // the changes after the dump's cursor, page by page
        }
        index = await follower.reconcile();
      }
      const statistics = (await (await fetch(`${orthanc.url}/statistics`, { headers: { authorization: auth } })).json()) as {
        CountStudies: number;
        CountInstances: number;
      };
      return { studies: statistics.CountStudies, instances: statistics.CountInstances, files: files.length, deleted, index };
    } finally {
      await db.end();
    }
  } finally {
    await orthanc?.stop().catch(() => undefined);
    await postgres?.stop().catch(() => undefined);
    if (manifest.network) await copyFile(join(backupDir, 'orthanc', 'network.json'), join(folders.config, 'network.json'));
  }
}
