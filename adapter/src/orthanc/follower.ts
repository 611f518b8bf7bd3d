/**
 * Follows Orthanc's /changes feed into the study index. The cursor lives in PostgreSQL and moves
 * in the same transaction as the rows it covers, so a restart resumes exactly where the last
 * committed batch ended. One adapter replica follows at a time: the one holding an advisory lock.
 * Orthanc has no push, so the follower polls: at once while there is more to read, every
 * `idleMs` otherwise (the list shows a new study within about half a second).
 */
import type { Db, DbClient } from '../db/pool.ts';
import { log } from '../log.ts';
import type { OrthancClient } from './client.ts';
import { Indexer, emptyBatch } from './indexer.ts';

const LOCK_KEY = 724_110_003;
const PAGE = 1000;

export interface FollowerOptions {
  idleMs?: number;
}

export class ChangesFollower {
  private stopped = false;
  private running: Promise<void> | undefined;
  private lockClient: DbClient | undefined;
  private readonly indexer: Indexer;
  private readonly idleMs: number;
  /** Resolves waiters (tests, benchmarks) after each committed batch. */
  private listeners = new Set<() => void>();

  constructor(
    private readonly orthanc: OrthancClient,
    private readonly db: Db,
    options: FollowerOptions = {},
  ) {
    this.indexer = new Indexer(orthanc, db);
    this.idleMs = options.idleMs ?? 250;
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
        if (!more) await sleep(this.idleMs);
      } catch (error) {
        failures++;
        // Orthanc or PostgreSQL away: say so once, keep trying quietly, pick up when back.
        if (failures === 1) log.warn(`Index follower paused: ${error instanceof Error ? error.message : String(error)}`);
        await this.releaseLock();
        await sleep(Math.min(5000, 250 * failures));
      }
    }
  }

  /** Reads and applies one page of changes; answers whether more are waiting. */
  async step(): Promise<boolean> {
    const cursor = await this.readCursor();
    if (cursor === null) {
      await this.rebuild();
      return true;
    }
    const page = await this.orthanc.getChanges(cursor, PAGE);
    if (page.Changes.length === 0) {
      if (page.Last > cursor) await this.indexer.write(emptyBatch(), page.Last);
      return false;
    }
    const batch = await this.indexer.collect(page.Changes);
    const last = page.Changes[page.Changes.length - 1]!.Seq;
    await this.indexer.write(batch, last);
    for (const resolve of this.listeners) resolve();
    this.listeners.clear();
    return !page.Done;
  }

  /**
   * Indexes everything Orthanc holds, then follows from the newest change. Used on the first
   * start over an existing archive and by `npm run index:rebuild`. Rows are upserted, so notes
   * and favourites survive; rows Orthanc no longer has are removed at the end.
   */
  async rebuild(): Promise<number> {
    const { rows } = await this.db.query<{ started: Date }>('select now() as started');
    const started = rows[0]!.started;
    const last = await this.orthanc.getLastChange();
    const studies = await this.orthanc.listStudies();
    let done = 0;
    for (const studyId of studies) {
      const batch = emptyBatch();
      try {
        await this.indexer.collectStudy(studyId, batch);
      } catch (error) {
        log.warn(`Rebuild: study ${studyId} skipped: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      await this.indexer.write(batch, null);
      done++;
    }
    // Everything seen was written after `started`; older rows are gone from Orthanc.
    await this.indexer.removeOlderThan(started);
    // Changes after `last` (arriving during the rebuild) are replayed by the follower; upserts
    // make replaying what the rebuild already saw harmless.
    await this.indexer.write(emptyBatch(), last);
    log.info(`Study index rebuilt from Orthanc: ${done} studies`);
    return done;
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
    await this.db.query('delete from orthanc_changes_cursor');
    return 'adapter';
  }

  private async readCursor(): Promise<number | null> {
    const { rows } = await this.db.query<{ last_seq: number }>('select last_seq from orthanc_changes_cursor where id = 1');
    return rows[0]?.last_seq ?? null;
  }

  private async holdLock(): Promise<boolean> {
    if (this.lockClient) return true;
    const client = await this.db.connect();
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [LOCK_KEY]);
    if (rows[0]?.locked) {
      client.on('error', () => undefined);
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
    await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    // A client whose server went away must not return to the pool.
    client.release(true);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
