/**
 * DICOMweb series metadata (`/studies/{s}/series/{se}/metadata`), remembered by the adapter.
 * Orthanc 1.10's DICOMweb plugin builds this answer from every instance of the series each time it
 * is asked (tens of milliseconds for a 300-slice CT, more on a busy machine), and a viewer asks
 * for it at every series it opens.
 *
 * - Keyed by the series and its version in the study index (`series.updated_at`, moved by every
 *   write that adds, replaces or removes an instance of the series, the tag editor's too), so an
 *   answer is never served for a series that changed since: every adapter replica reads the same
 *   version from PostgreSQL, whichever replica follows Orthanc's changes (docs/decisions.md
 *   "Series metadata cache"). Changes Orthanc makes behind the index's back are bounded by `maxAgeMs`.
 * - Bounded in bytes, least recently used first out; an answer larger than a quarter of the bound
 *   is served but not kept.
 * - Concurrent requests for one key share one call to Orthanc.
 * - Holds Orthanc's answer as it came (built for a placeholder host): who may see it, which parts,
 *   and the URLs inside are decided per request by the route, after the access check.
 */
import { createHash } from 'node:crypto';

export interface MetadataEntry {
  /** Orthanc's answer, as bytes. */
  body: Buffer;
  /** A strong validator of `body` (quoted, as an ETag header wants). */
  etag: string;
  /** When it was read from Orthanc (the cache's clock). */
  at: number;
}

export interface MetadataCacheOptions {
  maxBytes: number;
  maxAgeMs: number;
  now?: () => number;
}

export class MetadataCache {
  /** Insertion order is recency order: a hit moves its key to the end. */
  private readonly entries = new Map<string, MetadataEntry>();
  private readonly loading = new Map<string, Promise<MetadataEntry>>();
  /** The key kept for each series, so a newer version drops the older answer at once. */
  private readonly keyOfSeries = new Map<string, string>();
  private held = 0;
  private readonly now: () => number;

  constructor(private readonly options: MetadataCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The answer for `series` at `version`, from memory or from `load` (one call however many ask at
   * once). A failed load is not remembered.
   */
  async get(series: string, version: string, load: () => Promise<Buffer>): Promise<MetadataEntry> {
    const key = `${series}\n${version}`;
    const found = this.entries.get(key);
    if (found && this.now() - found.at < this.options.maxAgeMs) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    if (found) this.drop(key);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const loaded = (async () => {
      const body = await load();
      const entry: MetadataEntry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, at: this.now() };
      this.keep(series, key, entry);
      return entry;
    })();
    this.loading.set(key, loaded);
    try {
      return await loaded;
    } finally {
      this.loading.delete(key);
    }
  }

  /** Forgets a series (every version), e.g. when this replica knows it changed. */
  forget(series: string): void {
    const key = this.keyOfSeries.get(series);
    if (key !== undefined) this.drop(key);
  }

  clear(): void {
    this.entries.clear();
    this.keyOfSeries.clear();
    this.held = 0;
  }

  private keep(series: string, key: string, entry: MetadataEntry): void {
    const older = this.keyOfSeries.get(series);
    if (older !== undefined) this.drop(older);
    if (entry.body.length > this.options.maxBytes / 4) return;
    this.entries.set(key, entry);
    this.keyOfSeries.set(series, key);
    this.held += entry.body.length;
    for (const [oldest] of this.entries) {
      if (this.held <= this.options.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.body.length;
    const series = key.slice(0, key.indexOf('\n'));
    if (this.keyOfSeries.get(series) === key) this.keyOfSeries.delete(series);
  }
}
