/**
 * Follows Orthanc's /changes feed into the study index. The cursor lives in PostgreSQL and moves
 * in the same transaction as the rows it covers, so a restart resumes exactly where the last
 * committed batch ended. One adapter replica follows at a time: the one holding an advisory lock.
 * Orthanc has no push, so the follower polls: at once while there is more to read, every
 * `idleMs` otherwise (the list shows a new study within about half a second).
 *
 * Two kinds of failure are told apart. Orthanc or PostgreSQL away (or busy) pauses the follower,
 * which retries the same page until they are back: nothing is lost. Any other failure means the
 * page cannot be applied as it is: it is retried a few times, then applied change by change, and
 * each change that still fails is recorded in index_skipped_changes and passed, so one bad change
 * never stops the index for everyone.
 *
 * Several Orthanc nodes write one index (a cluster): a change's number is taken when its
 * transaction starts, so change 11 of one node can be visible before change 10 of another commits.
 * Moving the cursor past 11 would lose 10 for good. A hole in the numbers is therefore waited for
 * (`gapGraceMs`) before it is passed: it is either such a change (it appears) or a number that
 * will never appear (a transaction rolled back, or the change of a resource deleted since).
 */
import type { IndexStatus } from '@pacs/common';
import { indexIsBehind } from '@pacs/common';
import type { Db, DbClient } from '../db/pool.ts';
import { AppError, OrthancUnavailableError, isDatabaseUnavailable } from '../http/errors.ts';
import { log } from '../log.ts';
import { OrthancAnswerError, type OrthancChange, type OrthancClient } from '../orthanc/client.ts';
import { Indexer, emptyBatch, type Batch } from './indexer.ts';
import type { MovedEntry } from '../features/worklist/worklist.sql.ts';
import * as sql from './study-index.sql.ts';

/** The advisory lock of the replica that follows (benches hold it to measure ingest without a follower). */
export const FOLLOWER_LOCK_KEY = 724_110_003;
const PAGE = 1000;
/** Attempts at a whole page that fails for a reason other than an outage, before going change by change. */
const PAGE_ATTEMPTS = 3;
/** How often the index is compared with the studies Orthanc holds (reconcile), and the first time after start. */
const RECONCILE_MS = 10 * 60_000;
const FIRST_RECONCILE_MS = 60_000;

/** What the follower needs of the indexer (a seam for unit tests). */
export type IndexWriter = Pick<
  Indexer,
  'collect' | 'collectStudy' | 'write' | 'readCursor' | 'skip' | 'noteError' | 'removeOlderThan' | 'forgetSkippedBefore'
>;

export interface FollowerOptions {
  idleMs?: number;
  indexer?: IndexWriter;
  /** Milliseconds between reconciliations with Orthanc's list of studies (default ten minutes). */
  reconcileMs?: number;
  /**
   * Called after a committed batch moved worklist entries (in_progress, completed): their worklist
   * files follow (features/worklist). A failure is logged; the entry's status stays moved, and the
   * worklist folder is reconciled at the next start.
   */
  onWorklistMoved?: (entries: MovedEntry[]) => Promise<void>;
  /**
   * How long a hole in the change numbers is waited for before it is passed (default 10 s: far
   * longer than one of Orthanc's index transactions, which collide and retry under a new number).
   */
  gapGraceMs?: number;
}

/** PostgreSQL SQLSTATE classes and codes that mean "try again later", not "this cannot be written". */
const PG_TRANSIENT = /^(08|53|57|58|40001|40P01|55P03|55006)/;

/**
 * True when an error means Orthanc or PostgreSQL is away or busy (retry the same page later), as
 * opposed to this page or change being impossible to apply.
 */
export function isTransient(error: unknown): boolean {
  if (error instanceof OrthancUnavailableError || isDatabaseUnavailable(error)) return true;
  if (error instanceof OrthancAnswerError) return error.status === 502 || error.status === 503 || error.status === 504;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && PG_TRANSIENT.test(code)) return true;
  // node-postgres's pool and socket failures carry no SQLSTATE.
  const message = error instanceof Error ? error.message : '';
  return /timeout exceeded when trying to connect|Connection terminated|ECONNREFUSED|ECONNRESET|socket hang up/i.test(message);
}

export class ChangesFollower {
  private stopped = false;
  private running: Promise<void> | undefined;
  private lockClient: DbClient | undefined;
  private readonly indexer: IndexWriter;
  private readonly idleMs: number;
  private readonly reconcileMs: number;
  private readonly onWorklistMoved: FollowerOptions['onWorklistMoved'];
  private readonly gapGraceMs: number;
  /** Holes in the change numbers (the first missing number) and when each was first seen. */
  private readonly gaps = new Map<number, number>();
  private nextReconcile = Date.now() + FIRST_RECONCILE_MS;
  /** The cursor of a page that failed to apply, and how many times. */
  private failing = { cursor: -1, attempts: 0 };
  /** Resolves waiters (tests, benchmarks) after each committed batch. */
  private listeners = new Set<() => void>();

  constructor(
    private readonly orthanc: OrthancClient,
    private readonly db: Db,
    options: FollowerOptions = {},
  ) {
    this.indexer = options.indexer ?? new Indexer(orthanc, db);
    this.idleMs = options.idleMs ?? 250;
    this.reconcileMs = options.reconcileMs ?? RECONCILE_MS;
    this.onWorklistMoved = options.onWorklistMoved;
    this.gapGraceMs = options.gapGraceMs ?? 10_000;
  }

  /** Writes a batch through the indexer, then lets the worklist's files follow what it moved. */
  private async write(batch: Batch, cursor: number | null): Promise<void> {
    const moved = await this.indexer.write(batch, cursor);
    if (!moved || moved.length === 0 || !this.onWorklistMoved) return;
    await this.onWorklistMoved(moved).catch((error: unknown) => log.warn(`Worklist files not updated: ${errorText(error)}`));
  }

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
    await this.releaseLock();
  }

  /** Resolves after the next batch is committed (or at once if stopped). */
  nextBatch(): Promise<void> {
    return new Promise((resolve) => this.listeners.add(resolve));
  }

  private async loop(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        if (!(await this.holdLock())) {
          await sleep(2000);
          continue;
        }
        const more = await this.step();
        failures = 0;
        if (!more && Date.now() >= this.nextReconcile) {
          this.nextReconcile = Date.now() + this.reconcileMs;
          await this.reconcile();
        }
        if (!more) await sleep(this.idleMs);
      } catch (error) {
        failures++;
        // Orthanc or PostgreSQL away: say so once, keep trying quietly, pick up when back.
        if (failures === 1) log.warn(`Index follower paused: ${error instanceof Error ? error.message : String(error)}`);
        await this.indexer.noteError(error);
        await this.releaseLock();
        await sleep(Math.min(5000, 250 * failures));
      }
    }
  }

  /** Reads and applies one page of changes; answers whether more are waiting. */
  async step(): Promise<boolean> {
    const cursor = await this.indexer.readCursor();
    if (cursor === null) {
      await this.rebuild();
      return true;
    }
    const page = await this.orthanc.getChanges(cursor, PAGE);
    if (page.Changes.length === 0) {
      if (page.Last > cursor) await this.write(emptyBatch(), page.Last);
      return false;
    }
    const changes = this.beforeYoungGap(cursor, page.Changes);
    if (changes.length === 0) return false;
    const last = changes[changes.length - 1]!.Seq;
    try {
      const batch = await this.indexer.collect(changes);
      await this.write(batch, last);
    } catch (error) {
      if (isTransient(error)) throw error;
      if (this.failing.cursor !== cursor) this.failing = { cursor, attempts: 0 };
      if (++this.failing.attempts < PAGE_ATTEMPTS) throw error;
      log.warn(`Index: page after change ${cursor} cannot be applied (${errorText(error)}); applying it change by change`);
      await this.applyOneByOne(changes);
    }
    for (const missing of this.gaps.keys()) if (missing <= last) this.gaps.delete(missing);
    this.failing = { cursor: -1, attempts: 0 };
    for (const resolve of this.listeners) resolve();
    this.listeners.clear();
    return changes.length === page.Changes.length && !page.Done;
  }

  /**
   * The changes up to the first hole in their numbers seen for less than `gapGraceMs` (a change
   * of another Orthanc node that may still commit); every hole of the page starts its clock now,
   * so a page waits at most once.
   */
  private beforeYoungGap(cursor: number, changes: readonly OrthancChange[]): readonly OrthancChange[] {
    const now = Date.now();
    let cut = changes.length;
    let previous = cursor;
    changes.forEach((change, i) => {
      if (change.Seq !== previous + 1) {
        const firstSeen = this.gaps.get(previous + 1) ?? now;
        this.gaps.set(previous + 1, firstSeen);
        if (now - firstSeen < this.gapGraceMs && i < cut) cut = i;
      }
      previous = change.Seq;
    });
    return cut === changes.length ? changes : changes.slice(0, cut);
  }

  /** Applies changes one at a time; one that still fails (not for an outage) is recorded and passed. */
  private async applyOneByOne(changes: readonly OrthancChange[]): Promise<void> {
    for (const change of changes) {
      try {
        await this.write(await this.indexer.collect([change]), change.Seq);
      } catch (error) {
        if (isTransient(error)) throw error;
        log.warn(`Index: change ${change.Seq} (${change.ChangeType} ${change.ResourceType} ${change.ID}) skipped: ${errorText(error)}`);
        await this.indexer.skip(change, error, change.Seq);
      }
    }
  }

  /**
   * Indexes everything Orthanc holds, then follows from the newest change. Used on the first
   * start over an existing archive and by `npm run index:rebuild`. Rows are upserted, so notes
   * and favourites survive; rows Orthanc no longer has are removed at the end.
   */
  async rebuild(): Promise<number> {
    const started = await sql.databaseNow(this.db);
    const last = await this.orthanc.getLastChange();
    const studies = await this.orthanc.listStudies();
    let done = 0;
    for (const studyId of studies) {
      const batch = emptyBatch();
      try {
        await this.indexer.collectStudy(studyId, batch);
        await this.write(batch, null);
      } catch (error) {
        if (isTransient(error)) throw error;
        // Deleted while the rebuild ran: nothing to index.
        if (error instanceof AppError && error.code === 'not_found') continue;
        log.warn(`Rebuild: study ${studyId} skipped: ${errorText(error)}`);
        await this.indexer.skip({ Seq: last, ChangeType: 'Rebuild', ResourceType: 'Study', ID: studyId }, error, null);
        continue;
      }
      done++;
    }
    // Everything seen was written after `started`; older rows are gone from Orthanc.
    await this.indexer.removeOlderThan(started);
    await this.indexer.forgetSkippedBefore(started);
    // Changes after `last` (arriving during the rebuild) are replayed by the follower; upserts
    // make replaying what the rebuild already saw harmless.
    await this.write(emptyBatch(), last);
    log.info(`Study index rebuilt from Orthanc: ${done} studies`);
    return done;
  }

  /**
   * Compares the index with the studies Orthanc holds, when the follower has caught up: Orthanc
   * 1.10 logs no change when a study is deleted through its own REST API or Explorer (nor for
   * studies it drops by its own MaximumStorageSize), so such studies would stay listed. Studies the
   * index holds and Orthanc no longer does leave the index (each confirmed by a 404 first: the
   * index is read before Orthanc's list, so a study that arrived meanwhile is not mistaken);
   * studies Orthanc holds and the index lacks are read. Studies being deleted for good by the
   * recycle bin are the bin's to finish. Deletions of single series or instances through Orthanc's
   * own API are not seen here (docs/decisions.md).
   */
  async reconcile(): Promise<{ removed: number; added: number }> {
    const indexed = await sql.indexedStudyIds(this.db);
    const held = await this.orthanc.listStudies();
    const heldSet = new Set(held);
    const batch = emptyBatch();
    for (const id of indexed) {
      if (heldSet.has(id)) continue;
      const gone = await this.orthanc.getStudy(id).then(
        () => false,
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'not_found') return true;
          throw error;
        },
      );
      if (gone) batch.deleted.push({ level: 'Study', orthancId: id });
    }
    if (batch.deleted.length > 0) await this.write(batch, null);
    const known = new Set(indexed);
    let added = 0;
    for (const id of held) {
      if (known.has(id)) continue;
      const found = emptyBatch();
      try {
        await this.indexer.collectStudy(id, found);
        await this.write(found, null);
      } catch (error) {
        if (isTransient(error)) throw error;
        // Deleted meanwhile, or a study the index cannot take (recorded when its change was skipped).
        if (!(error instanceof AppError && error.code === 'not_found')) log.warn(`Reconcile: study ${id} not indexed: ${errorText(error)}`);
        continue;
      }
      added++;
    }
    if (batch.deleted.length > 0 || added > 0)
      log.info(`Index reconciled with Orthanc: ${batch.deleted.length} studies gone, ${added} studies found`);
    return { removed: batch.deleted.length, added };
  }

  /**
   * Rebuild from outside the adapter: done here when no follower runs, otherwise handed to the
   * running follower (which rebuilds when it finds no cursor). Answers who does it.
   */
  async rebuildOrHandOver(): Promise<'here' | 'adapter'> {
    if (await this.holdLock()) {
      try {
        await this.rebuild();
        return 'here';
      } finally {
        await this.releaseLock();
      }
    }
    await sql.forgetCursor(this.db);
    return 'adapter';
  }

  private async holdLock(): Promise<boolean> {
    if (this.lockClient) return true;
    const client = await this.db.connect();
    if (await sql.tryAdvisoryLock(client, FOLLOWER_LOCK_KEY)) {
      // The lock dies with its connection (PostgreSQL restarted, the socket cut): then another
      // replica may hold it, so this one stops following until it takes the lock again.
      client.on('error', () => {
        if (this.lockClient !== client) return;
        this.lockClient = undefined;
        client.release(true);
      });
      this.lockClient = client;
      return true;
    }
    client.release();
    return false;
  }

  private async releaseLock(): Promise<void> {
    const client = this.lockClient;
    this.lockClient = undefined;
    if (!client) return;
    await sql.advisoryUnlock(client, FOLLOWER_LOCK_KEY).catch(() => undefined);
    // A client whose server went away must not return to the pool.
    client.release(true);
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The follower's state for administrators (GET /server/index/status), read from PostgreSQL so
 * that any replica answers, whichever one follows. Orthanc's newest change is asked live; null
 * when Orthanc does not answer.
 */
export async function readIndexStatus(db: Db, orthanc: OrthancClient): Promise<IndexStatus> {
  const [row, lastChange] = await Promise.all([sql.readFollowerState(db), orthanc.getLastChange({ timeoutMs: 3000 }).catch(() => null)]);
  const recent = await sql.recentSkippedChanges(db, 10);
  const cursor = row.last_seq === null ? null : Number(row.last_seq);
  const status: Omit<IndexStatus, 'Behind'> = {
    Cursor: cursor,
    LastChange: lastChange,
    LagChanges: cursor === null || lastChange === null ? null : Math.max(0, lastChange - cursor),
    LastAppliedAt: row.applied_at?.toISOString() ?? null,
    SecondsSinceApplied: row.applied_at ? Math.max(0, Math.round((row.now.getTime() - row.applied_at.getTime()) / 1000)) : null,
    LastError: row.last_error ?? '',
    LastErrorAt: row.last_error_at?.toISOString() ?? null,
    SkippedChanges: row.skipped,
    LastSkippedAt: row.last_skipped_at?.toISOString() ?? null,
    RecentSkipped: recent.map((skipped) => ({
      Seq: Number(skipped.seq),
      ChangeType: skipped.change_type,
      ResourceType: skipped.resource_type,
      OrthancID: skipped.orthanc_id,
      Error: skipped.error,
      SkippedAt: skipped.skipped_at.toISOString(),
    })),
  };
  return { ...status, Behind: indexIsBehind(status) };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
