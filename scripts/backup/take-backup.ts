/**
 * `npm run backup`: a consistent backup of a running PACS into a new folder of the backup folder.
 *
 * Order (docs/decisions.md, "Backup and restore" and "Orthanc's index in PostgreSQL"):
 *   1. PostgreSQL: pg_dump of the product's database (and any other but Orthanc's). Its study index
 *      and follower cursor describe Orthanc as it was at that moment or earlier.
 *   2. Orthanc's index: pg_dump of its database, taken after, so it holds at least everything the
 *      first dump refers to, and the changes after the first dump's cursor (replayed by the restore).
 *      The list of files it refers to is read in the same snapshot as the dump.
 *   3. Orthanc's storage: exactly the files that list names. Files of instances still arriving are
 *      not committed to the index yet and are left out; a file deleted between steps 2 and 3 is
 *      listed in the manifest as missing, and the restore deletes its resource.
 * Storage is incremental: a file the previous backup holds (same name and size) is hard-linked from
 * it, so every backup folder is complete on its own and any of them may be deleted.
 *
 * A backup is written to `<name>.partial` and renamed when complete; `manifest.json` marks a
 * complete one. A lock file keeps two backups from writing into one folder at once.
 */
import { mkdir, copyFile, link, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { constants, existsSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { orthancFolders } from '../services/orthanc.ts';
import { ORTHANC_INDEX_DATABASE } from '../../adapter/src/db/databases.ts';
import { refuseUnmigratedIndex } from '../orthanc-index/state.ts';
import { dumpDatabase, dumpOrthancIndex, listDatabases, type PgServer } from './pg-dump.ts';
import { formatFileList, parseFileList, selectStorageFiles, storagePath, type StorageFile } from './storage-files.ts';

export const MANIFEST = 'manifest.json';
export const FILE_LIST = 'storage.tsv';
export const BACKUP_FORMAT = 1;

export interface Manifest {
  format: number;
  createdAt: string;
  /** Dumps under postgres/<name>.dump, the product's database first, Orthanc's index last. */
  databases: string[];
  /**
   * Where Orthanc's index is: `postgresql`, the dump of ORTHANC_INDEX_DATABASE; `sqlite`, a backup
   * taken before the index moved (a SQLite file at orthanc/index, migrated by the restore).
   */
  orthancIndex: 'postgresql' | 'sqlite';
  /** Orthanc's network.json at orthanc/network.json when there was one. */
  network: boolean;
  storage: { files: number; bytes: number; copied: number; copiedBytes: number; linked: number };
  /** Resources whose files were deleted in Orthanc between the index copy and the file copy. */
  missing: { resource: string; level: string }[];
  previous: string | null;
  /** Backups of a SQLite index only: how long Orthanc was paused to copy it. */
  orthancPausedMs?: number | null;
  seconds: number;
}

export interface BackupOptions {
  /** The PACS's data folder (Orthanc's files are under <dataDir>/orthanc). */
  dataDir: string;
  pg: PgServer & { database: string };
  /** The folder that holds the backups, one sub-folder each. */
  backupRoot: string;
  /** Keep this many complete backups, removing the oldest after a successful one; 0 keeps all. */
  keep?: number;
  now?: Date;
  /** Called between the dump of Orthanc's index and the copy of its files (tests delete a study there). */
  afterIndexCopy?: () => Promise<void>;
}

export interface BackupResult {
  dir: string;
  manifest: Manifest;
  removed: string[];
}

/** The complete backups in a backup folder, oldest first (names are sortable times). */
export async function listBackups(backupRoot: string): Promise<string[]> {
  if (!existsSync(backupRoot)) return [];
  const names = (await readdir(backupRoot, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && !entry.name.endsWith('.partial'))
    .map((entry) => entry.name)
    .filter((name) => existsSync(join(backupRoot, name, MANIFEST)));
  return names.sort();
}

export async function takeBackup(options: BackupOptions): Promise<BackupResult> {
  const started = performance.now();
  const root = options.backupRoot;
  await mkdir(root, { recursive: true });
  const unlock = lockBackupFolder(root);
  try {
    // Left by a backup that died: never complete, never a base for the next one.
    for (const entry of await readdir(root)) if (entry.endsWith('.partial')) await rm(join(root, entry), { recursive: true, force: true });
    const backups = await listBackups(root);
    const previous = backups.at(-1) ?? null;
    const name = backupName(root, options.now ?? new Date());
    const work = join(root, `${name}.partial`);
    await mkdir(join(work, 'postgres'), { recursive: true });
    await mkdir(join(work, 'orthanc'), { recursive: true });

    // A data folder whose index is still SQLite must be migrated first (the dump would be empty).
    const orthancDir = join(options.dataDir, 'orthanc');
    const folders = orthancFolders(orthancDir);
    await refuseUnmigratedIndex(orthancDir, options.pg, ORTHANC_INDEX_DATABASE);

    // 1. PostgreSQL.
    const databases = await listDatabases(options.pg, options.pg.database, ORTHANC_INDEX_DATABASE);
    if (!databases.includes(ORTHANC_INDEX_DATABASE))
      throw new Error(`The cluster has no database ${ORTHANC_INDEX_DATABASE} (Orthanc's index).`);
    for (const database of databases.filter((name) => name !== ORTHANC_INDEX_DATABASE))
      await dumpDatabase(options.pg, database, join(work, 'postgres', `${database}.dump`));

    // 2. Orthanc's index, after the dump, with the list of the files it refers to.
    const attachments = await dumpOrthancIndex(
      options.pg,
      ORTHANC_INDEX_DATABASE,
      join(work, 'postgres', `${ORTHANC_INDEX_DATABASE}.dump`),
    );
    const network = join(folders.config, 'network.json');
    const hasNetwork = existsSync(network);
    if (hasNetwork) await copyFile(network, join(work, 'orthanc', 'network.json'));

    await options.afterIndexCopy?.();

    // 3. The files that index refers to.
    const previousFiles = previous ? await readFileList(join(root, previous)) : [];
    const plan = selectStorageFiles(attachments, new Map(previousFiles.map((file) => [file.uuid, file.size])));
    const held: StorageFile[] = [];
    const gone = new Set<string>();
    const counts = { copied: 0, copiedBytes: 0, linked: 0 };
    const made = new Set<string>();
    const place = async (file: StorageFile) => {
      const path = join(work, 'storage', storagePath(file.uuid));
      const parent = dirname(path);
      if (!made.has(parent)) {
        await mkdir(parent, { recursive: true });
        made.add(parent);
      }
      return path;
    };
    await eachLimited(plan.link, 4, async (file) => {
      const path = await place(file);
      try {
        await link(join(root, previous!, 'storage', storagePath(file.uuid)), path);
        counts.linked++;
        held.push(file);
      } catch {
        // Removed from the previous backup, or another file system: copy it instead.
        plan.copy.push(file);
      }
    });
    await eachLimited(plan.copy, 4, async (file) => {
      const path = await place(file);
      try {
        await copyFile(join(folders.storage, storagePath(file.uuid)), path, constants.COPYFILE_FICLONE);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        gone.add(file.uuid);
        return;
      }
      const size = (await stat(path)).size;
      counts.copied++;
      counts.copiedBytes += size;
      held.push({ uuid: file.uuid, size });
    });
    held.sort((a, b) => (a.uuid < b.uuid ? -1 : 1));
    const missing = attachments
      .filter((attachment) => gone.has(attachment.uuid))
      .map(({ resource, level }) => ({ resource, level }))
      .filter((item, index, all) => all.findIndex((other) => other.resource === item.resource) === index);

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: (options.now ?? new Date()).toISOString(),
      databases,
      orthancIndex: 'postgresql',
      network: hasNetwork,
      storage: { files: held.length, bytes: held.reduce((sum, file) => sum + file.size, 0), ...counts },
      missing,
      previous,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
    await writeFile(join(work, FILE_LIST), formatFileList(held));
    // Written last: a folder with a manifest is a complete backup.
    await writeFile(join(work, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
    const dir = join(root, name);
    await rename(work, dir);

    const removed: string[] = [];
    const keep = options.keep ?? 0;
    if (keep > 0) {
      const all = await listBackups(root);
      for (const old of all.slice(0, Math.max(0, all.length - keep))) {
        if (old === name) continue;
        await rm(join(root, old), { recursive: true, force: true });
        removed.push(old);
      }
    }
    return { dir, manifest, removed };
  } finally {
    unlock();
  }
}

/** The files a backup holds (its storage.tsv). */
export async function readFileList(backupDir: string): Promise<StorageFile[]> {
  try {
    return parseFileList(await readFile(join(backupDir, FILE_LIST), 'utf8'));
  } catch (error) {
    throw new Error(`${join(backupDir, FILE_LIST)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A sortable UTC time, e.g. 2025-11-26T02-51-03Z; a suffix when one of that second exists. */
function backupName(root: string, now: Date): string {
  const base = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  let name = base;
  for (let n = 2; existsSync(join(root, name)); n++) name = `${base}-${n}`;
  return name;
}

function lockBackupFolder(root: string): () => void {
  const file = join(root, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid > 0 && alive(pid)) throw new Error(`Another backup (process ${pid}) is writing into ${root}; wait for it to finish.`);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${root} for the backup.`);
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function eachLimited<T>(items: readonly T[], limit: number, body: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await body(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
