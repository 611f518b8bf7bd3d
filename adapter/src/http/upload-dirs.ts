/**
 * Private temporary folders for spooled uploads, under `<DATA_DIR>/uploads`. A request removes its
 * own folder when it ends, whatever happened; a process that dies mid-request (crash, SIGKILL, a
 * power cut) cannot, so the adapter sweeps what such processes left behind at start and every few
 * minutes after.
 *
 * Several adapter replicas may share one data folder, so a sweep must never take a folder another
 * live process is writing to. Each folder is named after the process that made it,
 * `upload-<node>-<pid>-<random>`, where `<node>` identifies one process-id space (host name, boot,
 * and PID namespace, so containers on one host are told apart). A folder is stale when
 * - it belongs to this node and its process no longer exists, or
 * - nothing in it has changed for `maxIdleMs` (one hour by default): the rule for folders of other
 *   nodes, and of names this code did not make. A live upload writes to its folder continuously
 *   (a part being spooled grows, each new part adds a file), so a folder idle that long is dead.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const DEFAULT_MAX_IDLE_MS = 60 * 60_000;

const PREFIX = 'upload-';

function readOr(read: () => string, fallback: string): string {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** Names one process-id space: two processes with the same `<node>` see the same pids. */
export const NODE_ID = createHash('sha256')
  .update(hostname())
  .update('\0')
  .update(readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), ''))
  .update('\0')
  .update(readOr(() => readlinkSync('/proc/self/ns/pid'), ''))
  .digest('hex')
  .slice(0, 12);

const OWN_NAME = /^upload-([0-9a-f]{12})-(\d+)-/;

function uploadsRoot(base: string): string {
  return join(base, 'uploads');
}

/**
 * Runs `work` with a new private folder under `<base>/uploads` for spooled parts, and removes the
 * folder and everything in it afterwards, whatever happened.
 */
export async function withUploadDir<T>(base: string, work: (dir: string) => Promise<T>): Promise<T> {
  const root = uploadsRoot(base);
  await mkdir(root, { recursive: true });
  const dir = await mkdtemp(join(root, `${PREFIX}${NODE_ID}-${process.pid}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The latest change to `path` or anything below it (ms since the epoch); 0 once it is gone. */
async function lastChange(path: string): Promise<number> {
  let info;
  try {
    info = await lstat(path);
  } catch {
    return 0;
  }
  let latest = info.mtimeMs;
  if (info.isDirectory()) {
    let names: string[] = [];
    try {
      names = await readdir(path);
    } catch {
      // Removed meanwhile.
    }
    for (const name of names) latest = Math.max(latest, await lastChange(join(path, name)));
  }
  return latest;
}

export interface SweepOptions {
  /** A folder unchanged for this long is stale whoever made it. */
  maxIdleMs?: number;
  /** For tests: the current time. */
  now?: number;
  /** For tests: whether a pid of this node is alive. */
  isAlive?: (pid: number) => boolean;
}

/**
 * Removes the upload folders left by processes that ended without removing them (see the module
 * comment for which ones); the names removed. Never throws for a folder that vanishes meanwhile.
 */
export async function removeStaleUploadDirs(base: string, options: SweepOptions = {}): Promise<string[]> {
  const root = uploadsRoot(base);
  const maxIdleMs = options.maxIdleMs ?? DEFAULT_MAX_IDLE_MS;
  const isAlive = options.isAlive ?? processExists;
  let names: string[];
  try {
    names = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const own = OWN_NAME.exec(name);
    const pid = own ? Number(own[2]) : 0;
    const deadHere = own?.[1] === NODE_ID && pid !== process.pid && !isAlive(pid);
    const path = join(root, name);
    if (!deadHere) {
      const changed = await lastChange(path);
      if (changed === 0 || (options.now ?? Date.now()) - changed < maxIdleMs) continue;
    }
    await rm(path, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
