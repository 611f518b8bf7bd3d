/**
 * The import dialog's state: the chosen files, then the upload batch by batch with its progress,
 * then one result row per file. The upload call is injected (tests pass a fake).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { ImportResponse, UploadOptions } from './api/post-import-files.ts';
import { batchRows, notSentRow, summarize, type ResultRow, type ResultSummary } from './import-results.ts';
import {
  DEFAULT_BATCH_LIMITS,
  planBatches,
  totalBytes,
  uploadProgress,
  type BatchLimits,
  type ImportEntry,
  type UploadProgress,
} from './upload-plan.ts';

export type ImportPhase = 'choosing' | 'uploading' | 'done';

export interface ImportDeps {
  post: (entries: readonly ImportEntry[], options: UploadOptions) => Promise<ImportResponse>;
  /** A failure of a whole request (401, 403, 5xx, network): the shared error handling. */
  onError: (error: unknown) => void;
  limits?: BatchLimits;
}

const PATH_ORDER = new Intl.Collator(undefined, { numeric: true });

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export class ImportStore {
  entries: ImportEntry[] = [];
  phase: ImportPhase = 'choosing';
  progress: UploadProgress | null = null;
  rows: ResultRow[] = [];
  cancelled = false;
  /** The whole request failed (the error went to the shared handler). */
  failed = false;
  private controller: AbortController | null = null;

  constructor(private readonly deps: ImportDeps) {
    makeAutoObservable<ImportStore, 'controller' | 'deps'>(this, { controller: false, deps: false });
  }

  get totalBytes(): number {
    return totalBytes(this.entries);
  }

  get summary(): ResultSummary {
    return summarize(this.rows);
  }

  /**
   * Adds files in path order (a folder lists its files in no particular order), skipping any
   * already chosen under the same name and size.
   */
  add(entries: readonly ImportEntry[]): void {
    if (this.phase !== 'choosing') return;
    const known = new Set(this.entries.map((entry) => `${entry.name}\u0000${entry.file.size}`));
    const sorted = [...entries].sort((a, b) => PATH_ORDER.compare(a.name, b.name));
    for (const entry of sorted) {
      const key = `${entry.name}\u0000${entry.file.size}`;
      if (known.has(key)) continue;
      known.add(key);
      this.entries.push(entry);
    }
  }

  remove(index: number): void {
    if (this.phase === 'choosing') this.entries.splice(index, 1);
  }

  clear(): void {
    if (this.phase === 'choosing') this.entries = [];
  }

  async start(): Promise<void> {
    if (this.phase !== 'choosing' || this.entries.length === 0) return;
    const batches = planBatches(this.entries, this.deps.limits ?? DEFAULT_BATCH_LIMITS);
    const controller = new AbortController();
    this.controller = controller;
    this.phase = 'uploading';
    this.rows = [];
    this.progress = uploadProgress(batches, 0, null);

    for (let index = 0; index < batches.length; index++) {
      const batch = batches[index] ?? [];
      try {
        const answer = await this.deps.post(batch, {
          signal: controller.signal,
          onProgress: (loaded, total) => runInAction(() => (this.progress = uploadProgress(batches, index, { loaded, total }))),
        });
        runInAction(() => {
          this.rows.push(...batchRows(batch, answer.Files));
          this.progress = uploadProgress(batches, index + 1, null);
        });
      } catch (error) {
        const aborted = isAbort(error);
        if (!aborted) this.deps.onError(error);
        runInAction(() => {
          this.cancelled = aborted;
          this.failed = !aborted;
          // The interrupted request's bytes were sent for nothing: show what was answered.
          this.progress = uploadProgress(batches, index, null);
          this.rows.push(
            ...batches
              .slice(index)
              .flat()
              .map((entry) => notSentRow(entry)),
          );
        });
        break;
      }
    }
    runInAction(() => {
      this.phase = 'done';
      this.controller = null;
    });
  }

  /** Aborts the request in flight; files not yet answered are reported as not imported. */
  cancel(): void {
    this.controller?.abort();
  }
}
