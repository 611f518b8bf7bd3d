/**
 * A consistent copy of Orthanc's SQLite index while Orthanc runs, and the list of storage files
 * that copy refers to.
 *
 * Orthanc 1.10 opens its index in WAL mode with `locking_mode=EXCLUSIVE`: no other process may even
 * read it while Orthanc runs (sqlite3's online `.backup` answers "database is locked"), and its REST
 * API has no backup call. So the backup pauses Orthanc (SIGSTOP) for as long as it takes to copy the
 * index file and its WAL (about a millisecond for a small archive; reported), then resumes it
 * (SIGCONT). Stopped between two system calls, the files are exactly what a crash of Orthanc at that
 * moment would leave, which SQLite recovers from by design: opening the copy replays the committed
 * transactions of the WAL and drops an unfinished one. A watchdog resumes Orthanc if this process
 * dies during the pause. When Orthanc is not running, SQLite reads the index file itself.
 */
import { execFile, spawn } from 'node:child_process';
import { constants, copyFileSync, existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { orthancFolders } from '../services/orthanc.ts';
import { join } from 'node:path';

const run = promisify(execFile);

/** Orthanc's resource levels in its SQLite schema (ResourceType). */
const LEVELS: Record<string, Attachment['level']> = { '1': 'Patient', '2': 'Study', '3': 'Series', '4': 'Instance' };

export interface Attachment {
  /** Orthanc's id of the resource the file belongs to. */
  resource: string;
  level: 'Patient' | 'Study' | 'Series' | 'Instance';
  uuid: string;
  size: number;
}

/** The pid of the Orthanc that serves this data folder, if one runs (its pid file, checked against /proc). */
export function runningOrthanc(orthancDir: string): number | undefined {
  const { pidFile, config } = orthancFolders(orthancDir);
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    // A pid reused by another program since is not ours to pause. Paths are compared resolved:
    // DATA_DIR may be spelled differently here than when Orthanc was started.
    const wanted = realpathSync(config);
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return args.some((arg) => arg.startsWith('/') && existsSync(arg) && realpathSync(arg) === wanted) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes a consistent copy of Orthanc's index (one self-contained SQLite file) to `target`.
 * Answers how long Orthanc was paused, or null when it was not running.
 */
export async function snapshotOrthancIndex(orthancDir: string, target: string): Promise<{ pausedMs: number | null }> {
  const index = join(orthancFolders(orthancDir).index, 'index');
  if (!existsSync(index)) throw new Error(`Orthanc's index was not found at ${index}: is this the PACS's data folder?`);
  const raw = `${target}.raw`;
  const copy = () => {
    // A reflink where the file system offers one (instant), a plain copy otherwise.
    copyFileSync(index, raw, constants.COPYFILE_FICLONE);
    if (existsSync(`${index}-wal`)) copyFileSync(`${index}-wal`, `${raw}-wal`, constants.COPYFILE_FICLONE);
  };
  let pausedMs: number | null = null;
  try {
    const pid = runningOrthanc(orthancDir);
    // Not running: SQLite reads the index itself (and says "database is locked" should an Orthanc
    // we did not find hold it, rather than a copy being taken under its feet).
    let source = index;
    if (pid !== undefined) {
      pausedMs = pauseWhile(pid, copy);
      source = raw;
    }
    // Opening the copy recovers its WAL; VACUUM INTO writes one clean file from it.
    const { stdout } = await sqlite(source, `PRAGMA quick_check; VACUUM INTO ${sqlString(target)};`).catch((error: unknown) => {
      if (pid === undefined && /locked/i.test(String(error)))
        throw new Error(
          `Orthanc's index is in use by an Orthanc not started from this data folder's launcher (no live ${orthancFolders(orthancDir).pidFile}).`,
        );
      throw error;
    });
    if (stdout.trim() !== 'ok') throw new Error(`the copy of Orthanc's index fails SQLite's check: ${stdout.trim().slice(0, 500)}`);
  } finally {
    for (const file of [raw, `${raw}-wal`, `${raw}-shm`]) rmSync(file, { force: true });
  }
  return { pausedMs };
}

/** Every file Orthanc's index (a snapshot) refers to, with the resource it belongs to. */
export async function readAttachments(indexFile: string): Promise<Attachment[]> {
  const { stdout } = await sqlite(
    indexFile,
    'select r.publicId, r.resourceType, a.uuid, a.compressedSize from AttachedFiles a join Resources r on r.internalId = a.id order by a.uuid;',
  );
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [resource = '', type = '', uuid = '', size = ''] = line.split('\t');
      const level = LEVELS[type];
      if (!level) throw new Error(`Orthanc's index names an unknown resource level ${type} for ${resource}`);
      return { resource, level, uuid, size: Number(size) };
    });
}

function sqlite(file: string, sql: string) {
  // Debian's sqlite3 (scripts/ensure-system.sh); the product's Node 20 has no SQLite of its own.
  return run('sqlite3', ['-batch', '-noheader', '-separator', '\t', file, sql], { maxBuffer: 1 << 30 }).catch((error: unknown) => {
    const detail = (error as { stderr?: string }).stderr?.trim() || String(error);
    if ((error as { code?: unknown }).code === 'ENOENT') throw new Error('sqlite3 is not installed: run scripts/ensure-system.sh');
    throw new Error(`sqlite3 on ${file}: ${detail}`);
  });
}

function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** Runs `body` (synchronous, short) with process `pid` stopped; answers the pause in milliseconds. */
function pauseWhile(pid: number, body: () => void): number {
  // Resumes Orthanc even if this process is killed mid-pause; its own process group, ended below.
  const watchdog = spawn('sh', ['-c', `sleep 30; kill -CONT ${pid}`], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  const started = performance.now();
  try {
    process.kill(pid, 'SIGSTOP');
    try {
      body();
    } finally {
      process.kill(pid, 'SIGCONT');
    }
  } finally {
    if (watchdog.pid) {
      try {
        process.kill(-watchdog.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  return Math.round((performance.now() - started) * 100) / 100;
}
