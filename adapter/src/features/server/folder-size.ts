/**
 * The figures of a folder for the server status: the file system's capacity and free space
 * (statfs, read at every call: cheap, and what the storage alert needs) and what the folder itself
 * takes on disk, as `du` counts it (allocated blocks, a hard-linked file once, symbolic links not
 * followed).
 *
 * That walk is the expensive part: a data folder holds a file per DICOM instance. It runs as
 * `du` in a child process at the lowest CPU and I/O priority (`ionice -c 3 nice -n 19`), so it
 * never takes this process's event loop or its thread pool, whose file reads serve the viewer's
 * series, and yields the cores to readers (docs/decisions.md "The folder walk off the viewer's
 * path"). A measure is reused for twenty times as long as the walk took (at least two seconds);
 * once one exists an older measure is answered at once while the next is taken in the background,
 * so only the first call after a start waits for a walk, and concurrent callers share it.
 */
import { lstat, statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FolderStatus } from '@pacs/common';
import { log } from '../../log.ts';
import { runProgram } from '../../run-program.ts';

interface Usage {
  used: number;
  at: number;
  until: number;
}

const MIN_REUSE_MS = 2_000;
const REUSE_FACTOR = 20;
/** A walk still running after this is stopped (the last measure stays, or the first answers 0). */
const WALK_TIMEOUT_MS = 30 * 60_000;

const usages = new Map<string, Usage>();
const walking = new Map<string, Promise<Usage>>();

/**
 * Allocated bytes under `path`, by `du -s -B1 -P`, niced. du exits 1 when some folder could not
 * be read (another user's private folder) and still prints the total of what it could: that total
 * is the answer, as the walk before it counted an unreadable folder's own blocks only. (`-t`:
 * where the I/O class may not be set, du runs all the same.)
 */
export async function diskUsage(path: string): Promise<number> {
  const run = await runProgram('ionice', ['-c', '3', '-t', 'nice', '-n', '19', 'du', '-s', '-B1', '-P', '--', path], {
    timeoutMs: WALK_TIMEOUT_MS,
    output: 'stdout',
  });
  const bytes = Number(/^(\d+)\t/.exec(run.output)?.[1]);
  if ((run.code === 0 || run.code === 1) && Number.isFinite(bytes)) return bytes;
  throw new Error(`du ${path} ended with ${run.code ?? 'no exit code'} and no total`);
}

/** The nearest folder that exists at or above `path` (a backup folder not created yet). */
async function existingAncestor(path: string): Promise<string | null> {
  let current = path;
  for (;;) {
    try {
      if ((await lstat(current)).isDirectory()) return current;
    } catch {
      // keep climbing
    }
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

async function walk(path: string): Promise<Usage> {
  const started = Date.now();
  const used = await diskUsage(path);
  const took = Date.now() - started;
  return { used, at: started, until: Date.now() + Math.max(MIN_REUSE_MS, took * REUSE_FACTOR) };
}

/** The walk of `path` in progress, or a new one; the measure is kept when it ends. */
function walkShared(path: string): Promise<Usage> {
  let running = walking.get(path);
  if (!running) {
    running = walk(path)
      .then((usage) => {
        usages.set(path, usage);
        return usage;
      })
      .finally(() => walking.delete(path));
    walking.set(path, running);
  }
  return running;
}

/**
 * The folder's status and when its size was measured: capacity and free space now, the size from
 * the last walk (a walk older than its reuse time is answered while the next runs; the first waits).
 */
export async function folderStatus(path: string, now = Date.now()): Promise<{ status: FolderStatus; at: number }> {
  const exists = await lstat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );
  const base = exists ? path : await existingAncestor(path);
  const fs = base ? await statfs(base).catch(() => null) : null;
  const space = { Path: path, Exists: exists, Capacity: fs ? fs.blocks * fs.bsize : 0, Available: fs ? fs.bavail * fs.bsize : 0 };
  if (!exists) return { status: { ...space, Used: 0 }, at: now };
  let usage = usages.get(path);
  if (!usage) {
    usage = await walkShared(path).catch((error: unknown) => {
      log.warn(`The size of ${path} was not measured: ${String(error)}`);
      return { used: 0, at: now, until: 0 };
    });
  } else if (usage.until <= now)
    walkShared(path).catch((error: unknown) => log.warn(`The size of ${path} was not measured: ${String(error)}`));
  return { status: { ...space, Used: usage.used }, at: usage.at };
}
