/**
 * Follows Orthanc's log file(s) (config `orthanc.logFiles`: one per Orthanc node) for DICOM
 * associations: every replica keeps the associations open now for its dashboard, and counts
 * them into statistics_associations. Counting is idempotent, not elected: each file has a cursor
 * in PostgreSQL that moves in the same transaction as the counts, and a write counts only the
 * lines past it, so replicas reading the same file count every line once, and a restart resumes
 * at the cursor instead of reading the file again (a file never counted is started at its end:
 * its earlier lines describe associations from before this feature, which the statistics do not
 * claim to know, as with web connections).
 *
 * Polled every `intervalMs` (1 s): Orthanc has no push, and a second is well within the
 * dashboard's 30 s refresh.
 */
import { networkInterfaces } from 'node:os';
import type { LiveAssociation } from '@pacs/common';
import { transaction, type Db } from '../../db/pool.ts';
import { log, printable } from '../../log.ts';
import {
  AssociationLines,
  AssociationTracker,
  type AssociationEventKind,
  type AssociationOutcome,
  type AssociationSink,
} from './associations.ts';
import { LogTail, type TailOptions } from './log-tail.ts';
import * as sql from './network.sql.ts';

/** A front's sink: its associations, and its open ones written again on demand. */
export interface FrontSink extends AssociationSink {
  restore(): Promise<void>;
}

/** An association a front holds open, with its row's id. */
interface OpenRow {
  id: string;
  title: string;
  ip: string;
  since: Date;
}

interface Followed {
  tail: LogTail;
  lines: AssociationLines;
  tracker: AssociationTracker;
}

/**
 * The addresses the front's piped associations come from as Orthanc sees them: this process's
 * own (loopback with Orthanc on the same machine, as npm start and a cluster run it; the adapter
 * container's address in Docker Compose, where Orthanc is another container).
 */
export function frontAddresses(): Set<string> {
  const own = Object.values(networkInterfaces()).flatMap((list) => (list ?? []).map((each) => each.address));
  return new Set(['127.0.0.1', '::1', ...own, ...own.map((address) => `::ffff:${address}`)]);
}

export class AssociationFollower {
  private readonly followed: Followed[];
  /** Paths this process has read before: a new file there is read from its start. */
  private readonly seen = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private lastBucket = '';

  constructor(
    private readonly db: Db,
    paths: string[],
    /**
     * `skipFrom`: the DICOM front receiver is on (features/dicom-front): Orthanc's log then
     * shows the associations the front piped to it, which the front counts itself (frontSink),
     * so the lines from the front's addresses are skipped (`frontAddresses`).
     */
    private readonly options: { intervalMs?: number; tail?: TailOptions; skipFrom?: ReadonlySet<string> } = {},
  ) {
    this.followed = paths.map((path) => ({
      tail: new LogTail(path, (fileId, size) => this.startAt(path, fileId, size), options.tail),
      lines: new AssociationLines(),
      tracker: new AssociationTracker(),
    }));
  }

  start(): void {
    if (this.followed.length === 0 || this.timer) return;
    const tick = () => {
      if (this.running) return;
      this.running = this.poll()
        .catch((error: unknown) => log.warn(`DICOM associations not read from Orthanc's log: ${String(error)}`))
        .finally(() => (this.running = null));
    };
    tick();
    this.timer = setInterval(tick, this.options.intervalMs ?? 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await Promise.all(this.followed.map((entry) => entry.tail.close()));
  }

  /**
   * The associations open now, oldest first, as the dashboard and the DICOM connection limit
   * dialog list them: with the front on, every front's from PostgreSQL (each replica of a cluster
   * fronts its own node) and the logs' others; otherwise `live()`.
   */
  async liveAll(): Promise<LiveAssociation[] | null> {
    if (!this.options.skipFrom) return this.live();
    await this.frontWrites;
    const logs = this.followed.flatMap((entry) => entry.tracker.live());
    return [...logs, ...(await sql.selectFrontAssociations(this.db))].sort((a, b) => a.Since.localeCompare(b.Since));
  }

  /** This process's view: the associations open now on every node, oldest first; null while no log file can be read. */
  live(): LiveAssociation[] | null {
    if (!this.followed.some((entry) => entry.tail.reading) && !this.frontUsed) return null;
    return [...this.followed.flatMap((entry) => entry.tracker.live()), ...this.front.live()].sort((a, b) => a.Since.localeCompare(b.Since));
  }

  private readonly front = new AssociationTracker();
  private frontUsed = false;
  private frontWrites: Promise<void> = Promise.resolve();

  /**
   * Where the DICOM front receiver named `front` (its port) reports its associations (it sees the
   * real caller's address, which Orthanc behind it does not): counted into the same buckets as the
   * log's, and each open one kept as a row for every replica's live list (`liveAll`) and peaks.
   * Row and counts go in one transaction under one lock for every front, so the peak written
   * with an acknowledgement counts the rows every front committed before it.
   */
  frontSink(front: string): FrontSink {
    this.frontUsed = true;
    // The open associations per caller, oldest first (a release closes the oldest, as in the tracker).
    const rows = new Map<string, OpenRow[]>();
    const warn = (error: unknown) => log.warn(`DICOM front: association not counted: ${String(error)}`);
    const queue = (write: () => Promise<void>) => {
      this.frontWrites = this.frontWrites.then(write).catch(warn);
      return this.frontWrites;
    };
    void queue(() => sql.clearFrontAssociations(this.db, front));
    const apply = (kind: AssociationEventKind, aeTitle: string, ip: string) => {
      // The AE title as the log's lines give it, so one title counts alike with the front on or
      // off: a CR before a line break dropped (log-tail.ts), control characters escaped (associations.ts).
      const title = printable(aeTitle.replace(/\r(?=\n)/g, ''));
      const outcome = this.front.apply({ kind, aeTitle: title, ip, at: new Date() });
      if (!outcome) return;
      // The front's own open associations are counted from PostgreSQL, with every other front's.
      const fact = this.factOf({ ...outcome, openFromAe: 0 }, 0);
      const caller = `${title}\u0000${ip}`;
      void queue(async () => {
        const ended = kind === 'released' || kind === 'aborted' ? rows.get(caller)?.shift() : undefined;
        const id = await transaction(this.db, async (client) => {
          await sql.lockFrontAssociations(client);
          const added = kind === 'acknowledged' ? await sql.insertFrontAssociation(client, front, title, ip, outcome.at) : null;
          if (ended) await sql.deleteFrontAssociation(client, ended.id);
          await sql.countAssociations(client, null, [fact]);
          return added;
        });
        if (id) rows.set(caller, [...(rows.get(caller) ?? []), { id, title, ip, since: outcome.at }]);
      });
    };
    return {
      received: (aeTitle, ip) => apply('received', aeTitle, ip),
      accepted: (aeTitle, ip) => apply('acknowledged', aeTitle, ip),
      rejected: (aeTitle, ip) => apply('rejected', aeTitle, ip),
      ended: (aeTitle, ip, how) => apply(how, aeTitle, ip),
      // Its rows written again, after other replicas took the front for dead and removed them.
      restore: () =>
        queue(async () => {
          const open = [...rows.values()].flat();
          await transaction(this.db, async (client) => {
            await sql.lockFrontAssociations(client);
            await sql.clearFrontAssociations(client, front);
            for (const row of open) row.id = await sql.insertFrontAssociation(client, front, row.title, row.ip, row.since);
          });
        }),
    };
  }

  /** What an association's outcome adds to the counts (`end`: the log file's offset after its line; 0 for the front's). */
  private factOf(outcome: AssociationOutcome, end: number): sql.AssociationFact {
    return {
      at: outcome.at,
      aeTitle: outcome.aeTitle,
      accepted: outcome.decided === 'accepted' ? 1 : 0,
      rejected: outcome.decided === 'rejected' ? 1 : 0,
      peakAe: outcome.openFromAe,
      peakAll: this.openInLogs(),
      end,
    };
  }

  /** Reads what every file gained and counts it (exported for tests: `start` calls it every second). */
  async poll(): Promise<void> {
    for (const entry of this.followed) {
      const lines = await entry.tail.read();
      this.seen.add(entry.tail.path);
      // Facts per file identity (a rotation inside one read gives two).
      const byFile = new Map<string, { end: number; facts: sql.AssociationFact[] }>();
      for (const line of lines) {
        const batch = byFile.get(line.fileId) ?? { end: 0, facts: [] };
        byFile.set(line.fileId, batch);
        batch.end = line.end;
        const event = entry.lines.parse(line.text);
        if (event?.ip && this.options.skipFrom?.has(event.ip)) continue;
        const outcome = event && entry.tracker.apply(event);
        if (!outcome) continue;
        batch.facts.push(this.factOf(outcome, line.end));
      }
      for (const [fileId, batch] of byFile) {
        const cursor = { path: entry.tail.path, fileId, end: batch.end };
        await transaction(this.db, (client) => sql.countAssociations(client, cursor, batch.facts));
      }
    }
    await this.carryPeaks();
  }

  /**
   * An association open across a bucket's start counts in that bucket's peak too: once per new
   * bucket, the open counts are written at its start (a maximum, so any replica may write it):
   * the logs' from this process, every live front's added in SQL (countAssociations).
   */
  private async carryPeaks(): Promise<void> {
    const now = new Date();
    const bucket = new Date(Math.floor(now.getTime() / 900_000) * 900_000).toISOString();
    if (bucket === this.lastBucket) return;
    this.lastBucket = bucket;
    const all = this.openInLogs();
    const fact = (aeTitle: string, open: number) => ({ at: now, aeTitle, accepted: 0, rejected: 0, peakAe: open, peakAll: all, end: 0 });
    const facts: sql.AssociationFact[] = [];
    for (const entry of this.followed) for (const [aeTitle, open] of entry.tracker.openCounts().byAe) facts.push(fact(aeTitle, open));
    if (this.frontUsed || this.options.skipFrom) for (const aeTitle of await sql.selectFrontAeTitles(this.db)) facts.push(fact(aeTitle, 0));
    if (facts.length === 0) return;
    await transaction(this.db, (client) => sql.countAssociations(client, null, facts));
  }

  /** Associations open now as the logs show them (the fronts' are counted from PostgreSQL). */
  private openInLogs(): number {
    return this.followed.reduce((total, entry) => total + entry.tracker.openCounts().all, 0);
  }

  private async startAt(path: string, fileId: string, size: number): Promise<number> {
    const kept = await sql.associationLogStart(this.db, path, fileId);
    if (kept !== null) return kept;
    // Never counted: from the end, unless this process saw the path before (then it is a new file).
    return this.seen.has(path) ? 0 : size;
  }
}
