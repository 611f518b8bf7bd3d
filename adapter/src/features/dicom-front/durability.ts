/**
 * When a spooled instance reaches the disk (DICOM_FRONT_FSYNC; docs/decisions.md "A front receiver
 * for DICOM ingest"). In every mode the file is written and renamed into the spool before the
 * C-STORE-RSP leaves, so a crash of the adapter loses nothing acknowledged (the page cache
 * outlives the process). What differs is a power cut:
 *
 * - `each`: the file and the spool folder are fsynced before each answer; nothing acknowledged is lost.
 * - `group`: files are fdatasynced in groups, at most GROUP_MS after their answer and before the
 *   A-RELEASE-RP; a power cut loses at most the last GROUP_MS of acknowledged instances of an
 *   association still open, which the modality still holds (it has not been released).
 * - `off`: left to the kernel (storescp's guarantee); a power cut may lose the last ~30 s.
 */
import { open } from 'node:fs/promises';
import { log } from '../../log.ts';

export type FsyncMode = 'each' | 'group' | 'off';

/** DICOM_FRONT_FSYNC: each|group|off, and the boolean values it had first (true = each, false = off). */
export function parseFsyncMode(raw: string): FsyncMode | undefined {
  const value = raw.toLowerCase();
  if (value === 'each' || value === 'group' || value === 'off') return value;
  if (['1', 'true', 'yes', 'on'].includes(value)) return 'each';
  if (['0', 'false', 'no'].includes(value)) return 'off';
  return undefined;
}

/** The longest an acknowledged instance waits for its fdatasync in `group` mode. */
export const GROUP_MS = 100;

async function syncPath(path: string, data: boolean): Promise<void> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    // The drain may already have handed the file to Orthanc and deleted it: nothing left to keep.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await (data ? handle.datasync() : handle.sync());
  } finally {
    await handle.close();
  }
}

/** fsync (data and metadata) of a file or of a folder's entry list. */
export function fsyncPath(path: string): Promise<void> {
  return syncPath(path, false);
}

/**
 * Files renamed into the spool and not yet on disk. Every GROUP_MS (and on `flush`) the pending
 * files are fdatasynced in parallel, through libuv's thread pool, then the spool folder once for
 * their renames. A failed sync is logged and retried with the next group: the file stays in the
 * spool either way, so the drain still hands it to Orthanc.
 */
export class SyncGroup {
  private pending: string[] = [];
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly folder: string,
    private readonly sync: (path: string, data: boolean) => Promise<void> = syncPath,
  ) {}

  add(path: string): void {
    this.pending.push(path);
    if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush().catch(() => undefined);
      }, GROUP_MS);
      this.timer.unref();
    }
  }

  /** Resolves once every file added before the call is on disk (or its sync failed and was logged). */
  async flush(): Promise<void> {
    // One group at a time: a flush while one runs waits for it, then syncs what came since.
    while (this.running) await this.running;
    if (this.pending.length === 0) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    const group = this.pending;
    this.pending = [];
    this.running = this.syncGroup(group).finally(() => (this.running = undefined));
    await this.running;
  }

  private async syncGroup(group: string[]): Promise<void> {
    const results = await Promise.allSettled(group.map((path) => this.sync(path, true)));
    const failed = group.filter((_, i) => results[i]!.status === 'rejected');
    try {
      await this.sync(this.folder, false);
    } catch (error) {
      log.warn(`DICOM front: the spool folder could not be synced: ${String(error)}`);
      failed.push(...group);
    }
    if (failed.length > 0) {
      log.warn(`DICOM front: ${failed.length} spooled file(s) could not be synced; trying again`);
      for (const path of new Set(failed)) this.add(path);
    }
  }
}
