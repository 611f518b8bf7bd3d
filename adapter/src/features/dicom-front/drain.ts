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
import type { Db } from '../../db/pool.ts';
import type { OrthancClient } from '../../orthanc/client.ts';
import { log } from '../../log.ts';
import { readSpoolIdentity, readySpoolFiles, type SpoolFolders } from './spool.ts';
import { recordSender } from './dicom-front.sql.ts';

export interface DrainState {
  /** Files waiting in the spool (received, not yet in Orthanc). */
  Pending: number;
  /** Files Orthanc refused, kept in the spool's failed/ folder. */
  Failed: number;
  /** Instances handed to Orthanc since the adapter started. */
  Stored: number;
}

export class SpoolDrain {
  private readonly queue: string[] = [];
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
    /** How many files may be in flight now (fewer while modalities are sending: front.ts busy()). */
    private readonly concurrency: () => number = () => 3,
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
  }

  /** A new file in the spool. */
  add(path: string): void {
    if (this.queued.has(path)) return;
    this.queued.add(path);
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

  private pump(): void {
    while (!this.stopped && this.running < this.concurrency() && this.queue.length > 0) {
      const path = this.queue.shift()!;
      this.running += 1;
      this.handOver(path)
        .then(
          (outcome) => {
            if (outcome === 'retry') return this.retryLater(path);
            this.queued.delete(path);
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
