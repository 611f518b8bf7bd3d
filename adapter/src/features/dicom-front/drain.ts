/**
 * Hands the spool's files to Orthanc (POST /instances, streamed from the file, a few at a time on
 * the keep-alive pool) in the order received. A file is deleted once Orthanc answered 200; one
 * Orthanc refuses (4xx: not an instance it can read) goes to `failed/` and is logged and counted
 * for the server status page; when Orthanc is unreachable or busy (5xx, 503 of a serialization
 * conflict) the file stays and is retried. Runs over what a crash left at start.
 */
import { readdir, rename, stat, unlink } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { basename, join } from 'node:path';
import type { DicomFrontCounts } from '@pacs/common';
import type { Db } from '../../db/pool.ts';
import type { OrthancClient } from '../../orthanc/client.ts';
import { log } from '../../log.ts';
import { readSpoolIdentity, readySpoolFiles, type SpoolFolders } from './spool.ts';
import { recordSender } from './dicom-front.sql.ts';

/** The spool's counts, as the server status gives them (common/server.ts). */
export type DrainState = DicomFrontCounts;

/**
 * How long a spooled file may wait while modalities are sending before the drain hands files over
 * anyway (one at a time). Ten seconds: a series from a modality that keeps its association open
 * (or several that take turns) still reaches the index within seconds of the first instance,
 * while the common case, an association of one study that lasts a few seconds, is never slowed.
 */
export const YIELD_BOUND_MS = 10_000;

/**
 * How many files may be in flight: none while an association is receiving (the receiver and
 * Orthanc share the machine's cores, and the modality waits on the receiver), unless the oldest
 * waiting file is older than the bound; then one; three when no association is open.
 */
export function drainSlots(receiving: number, oldestAgeMs: number, boundMs = YIELD_BOUND_MS): number {
  if (receiving === 0) return 3;
  return oldestAgeMs >= boundMs ? 1 : 0;
}

export class SpoolDrain {
  private readonly queue: string[] = [];
  /** When each queued file was queued (for the bound on how long the drain gives way). */
  private readonly since = new Map<string, number>();
  private yieldTimer: NodeJS.Timeout | undefined;
  private readonly queued = new Set<string>();
  private running = 0;
  private stopped = false;
  private failedCount = 0;
  private stored = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly folders: SpoolFolders,
    private readonly orthanc: OrthancClient,
    private readonly db: Db,
    /** How many front associations are receiving now (the drain gives way to them: drainSlots). */
    private readonly receiving: () => number = () => 0,
    private readonly boundMs = YIELD_BOUND_MS,
  ) {}

  /** Queues what the spool holds (after a crash or restart) and starts handing it over. */
  async start(): Promise<void> {
    this.failedCount = (await readdir(this.folders.failed)).length;
    const files = await readySpoolFiles(this.folders);
    if (files.length > 0) log.info(`DICOM front: ${files.length} instance(s) left in the spool, handing them to Orthanc`);
    for (const name of files) this.add(join(this.folders.ready, name));
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.yieldTimer);
  }

  /** Associations ended: hand over what waited for them. */
  wake(): void {
    this.pump();
  }

  /** A new file in the spool. */
  add(path: string): void {
    if (this.queued.has(path)) return;
    this.queued.add(path);
    this.since.set(path, Date.now());
    this.queue.push(path);
    this.pump();
  }

  state(): DrainState {
    return { Pending: this.queued.size, Failed: this.failedCount, Stored: this.stored };
  }

  /** Resolves when nothing is pending (tests and the bench). */
  idle(): Promise<void> {
    if (this.queued.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private slots(): number {
    const oldest = this.queue[0];
    return drainSlots(this.receiving(), oldest ? Date.now() - (this.since.get(oldest) ?? 0) : 0, this.boundMs);
  }

  private pump(): void {
    if (!this.stopped && this.running === 0 && this.queue.length > 0 && this.slots() === 0 && !this.yieldTimer) {
      // Giving way to an association: look again when the oldest file reaches the bound.
      const age = Date.now() - (this.since.get(this.queue[0]!) ?? 0);
      this.yieldTimer = setTimeout(
        () => {
          this.yieldTimer = undefined;
          this.pump();
        },
        Math.max(0, this.boundMs - age) + 5,
      );
      this.yieldTimer.unref();
    }
    while (!this.stopped && this.running < this.slots() && this.queue.length > 0) {
      const path = this.queue.shift()!;
      this.running += 1;
      this.handOver(path)
        .then(
          (outcome) => {
            if (outcome === 'retry') return this.retryLater(path);
            this.queued.delete(path);
            this.since.delete(path);
          },
          (error: unknown) => {
            log.warn(`DICOM front: ${basename(path)} not handed to Orthanc: ${String(error)}`);
            this.retryLater(path);
          },
        )
        .finally(() => {
          this.running -= 1;
          if (this.queued.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
          this.pump();
        });
    }
  }

  private retryLater(path: string): void {
    this.queue.push(path);
    if (this.retryTimer || this.stopped) return;
    // Orthanc is down or busy: wait a second before trying the queue again.
    const paused = this.queue.splice(0);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.queue.unshift(...paused);
      this.pump();
    }, 1000);
  }

  private async handOver(path: string): Promise<'done' | 'retry'> {
    const identity = await readSpoolIdentity(path);
    if (identity.sopInstanceUid !== '') await recordSender(this.db, identity);
    const { size } = await stat(path);
    const response = await this.orthanc.request('/instances', {
      method: 'POST',
      upload: { stream: createReadStream(path), length: size },
      headers: { 'content-type': 'application/dicom' },
      timeoutMs: 300_000,
    });
    const text = await response.text();
    if (response.ok) {
      await unlink(path);
      this.stored += 1;
      return 'done';
    }
    if (response.status >= 500) return 'retry';
    const failed = join(this.folders.failed, basename(path));
    await rename(path, failed);
    this.failedCount += 1;
    log.warn(
      `DICOM front: Orthanc refused an instance from ${JSON.stringify(identity.callingAet)} (HTTP ${response.status}: ${text.slice(0, 200)}); kept in ${failed}`,
    );
    return 'done';
  }
}
