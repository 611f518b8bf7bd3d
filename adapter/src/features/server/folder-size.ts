/**
 * The figures of a folder for the server status: the file system's capacity and free space
 * (statfs) and what the folder itself takes on disk, walked as `du` walks it (allocated blocks,
 * a hard-linked file once, symbolic links not followed). A data folder with millions of DICOM
 * files takes long to walk, so a measure is reused for twenty times as long as it took (at least
 * two seconds) and concurrent callers share the walk in progress: status refreshes every 30 s
 * never keep the disks busy.
 */
import { lstat, opendir, statfs } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FolderStatus } from '@pacs/common';

interface Measure {
  status: FolderStatus;
  at: number;
  until: number;
}

const MIN_REUSE_MS = 2_000;
const REUSE_FACTOR = 20;

const measures = new Map<string, Measure>();
const walking = new Map<string, Promise<Measure>>();

/** Allocated bytes under `path` (0 for what cannot be read: another user's private folder). */
async function diskUsage(path: string, seen: Set<string>): Promise<number> {
  let total = 0;
  const pending = [path];
  while (pending.length > 0) {
    const current = pending.pop()!;
    let info;
    try {
      info = await lstat(current);
    } catch {
      continue;
    }
    if (info.nlink > 1 && !info.isDirectory()) {
      const key = `${info.dev}:${info.ino}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    total += info.blocks * 512;
    if (!info.isDirectory()) continue;
    try {
      for await (const entry of await opendir(current)) pending.push(join(current, entry.name));
    } catch {
      // Unreadable folder: its own blocks are counted, its content is not.
    }
  }
  return total;
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

async function measure(path: string): Promise<Measure> {
  const started = Date.now();
  const exists = await lstat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );
  const base = exists ? path : await existingAncestor(path);
  const fs = base ? await statfs(base).catch(() => null) : null;
  const used = exists ? await diskUsage(path, new Set()) : 0;
  const took = Date.now() - started;
  return {
    status: {
      Path: path,
      Exists: exists,
      Capacity: fs ? fs.blocks * fs.bsize : 0,
      Used: used,
      Available: fs ? fs.bavail * fs.bsize : 0,
    },
    at: started,
    until: Date.now() + Math.max(MIN_REUSE_MS, took * REUSE_FACTOR),
  };
}

/** The folder's status and when it was measured; a recent enough measure is reused. */
export async function folderStatus(path: string, now = Date.now()): Promise<{ status: FolderStatus; at: number }> {
  const known = measures.get(path);
  if (known && known.until > now) return known;
  let running = walking.get(path);
  if (!running) {
    running = measure(path).finally(() => walking.delete(path));
    walking.set(path, running);
  }
  const fresh = await running;
  measures.set(path, fresh);
  return fresh;
}
