/**
 * The audit log's writer. `record()` costs a push onto an in-memory queue and never waits for
 * PostgreSQL, so no request pays for its record; a flush shortly after writes the queued records
 * in one transaction, chained under an advisory lock (several replicas append one chain, never a
 * fork). A failed flush keeps the records and tries again, with a growing pause, and logs why;
 * nothing a flush does can fail the request that recorded.
 */
import type { Request } from 'express';
import type { AuditAction, AuditOutcome } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { transaction, type Db, type DbClient } from '../../db/pool.ts';
import { log } from '../../log.ts';
import { clientAddress } from '../auth/sign-in-throttle.ts';
import { chainHash, GENESIS_HASH, type ChainRecord } from './audit-chain.ts';
import * as sql from './audit.sql.ts';
import type { SyslogSender } from './syslog-sender.ts';

export interface AuditEntry {
  action: AuditAction;
  outcome?: AuditOutcome;
  /** The study acted on; its patient is looked up in the index when the record is written. */
  study?: string | null;
  /** A patient acted on without one study (a patient share). */
  patientId?: string | null;
  details?: Record<string, unknown>;
}

/** Who acted: a signed-in session, an account id alone (a failed sign-in), or nobody known. */
export type AuditActor = Pick<Auth, 'accountId' | 'accessKey'> | { accountId: string | null; accessKey?: null } | null;

interface Pending {
  at: Date;
  accountId: string | null;
  accessKey: string | null;
  ip: string;
  entry: AuditEntry;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A copy of `value` whose strings (and keys) are well-formed Unicode: jsonb refuses a lone
 * surrogate's escape, and one such record (a hostile id typed at sign-in) must not stop the log.
 */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\ufffd');
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [wellFormed(key) as string, wellFormed(item)]));
  return value;
}

const isDataError = (error: unknown): boolean => String((error as { code?: unknown } | null)?.code ?? '').startsWith('22');

/** Records written per transaction; more wait for the next flush (which follows at once). */
const BATCH = 500;
/** Past this many unwritten records (PostgreSQL gone for long), the oldest are dropped, loudly. */
const MAX_QUEUE = 200_000;
/** A viewer's downloads of one series count once per session per this window (not per frame). */
export const SERIES_WINDOW_MS = 10 * 60_000;

export class AuditLog {
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private failures = 0;
  private dropped = 0;
  private readonly seriesSeen = new Map<string, number>();

  /** The export to a syslog collector, when this process sends one (the adapter's does). */
  readonly exporter: SyslogSender | null;

  constructor(
    private readonly db: Db,
    private readonly options: { flushMs?: number; exporter?: SyslogSender } = {},
  ) {
    this.exporter = options.exporter ?? null;
  }

  /** Queues one record for `actor` calling through `req` (its client address as sign-in sees it). */
  record(req: Request, actor: AuditActor, entry: AuditEntry): void {
    this.recordFrom(clientAddress(req), actor, entry);
  }

  /** Queues one record with an address known otherwise (a background job: ''). */
  recordFrom(ip: string, actor: AuditActor, entry: AuditEntry): void {
    if (this.queue.length >= MAX_QUEUE) {
      this.queue.shift();
      if (this.dropped++ % 1000 === 0) log.error(`Audit log: ${this.dropped} record(s) dropped, PostgreSQL has not taken them`);
    }
    this.queue.push({
      at: new Date(),
      accountId: actor?.accountId ? (wellFormed(actor.accountId) as string) : null,
      accessKey: actor?.accessKey ?? null,
      ip,
      entry: wellFormed(entry) as AuditEntry,
    });
    this.schedule(this.options.flushMs ?? 200);
  }

  /**
   * Whether this session touches `what` (a series downloaded, a study opened) for the first time
   * within SERIES_WINDOW_MS: the viewer fetches a series frame by frame and refetches a study as
   * it re-renders, and the log wants one record per series or opening, not per request. Kept per
   * process: behind several replicas a series may be recorded once per replica.
   */
  firstInWindow(auth: Auth, what: string): boolean {
    const now = Date.now();
    const key = `${auth.sessionHash.toString('base64')} ${what}`;
    const until = this.seriesSeen.get(key);
    if (until !== undefined && until > now) return false;
    if (this.seriesSeen.size >= 50_000) {
      for (const [each, expiry] of this.seriesSeen) if (expiry <= now) this.seriesSeen.delete(each);
      if (this.seriesSeen.size >= 50_000) this.seriesSeen.clear();
    }
    this.seriesSeen.set(key, now + SERIES_WINDOW_MS);
    return true;
  }

  private schedule(delay: number): void {
    if (this.timer || this.running) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
    this.timer.unref();
  }

  /** Writes everything queued so far (tests and shutdown wait on it); never throws. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.running) await this.running;
    if (this.queue.length === 0) return;
    this.running = this.writeAll().finally(() => {
      this.running = null;
    });
    await this.running;
  }

  private async writeAll(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, BATCH);
      try {
        const written = await transaction(this.db, (client) => this.append(client, batch));
        this.queue.splice(0, batch.length);
        this.exporter?.send(written);
        this.failures = 0;
      } catch (error) {
        // A record PostgreSQL refuses as data (SQLSTATE class 22) would block every later one:
        // the first record is then written alone, and dropped (with an error in the log) when it
        // is the one refused; the rest follow in the next batches.
        if (isDataError(error) && (await this.writeFirstAlone())) continue;
        this.failures++;
        const pause = Math.min(30_000, 500 * 2 ** Math.min(this.failures, 6));
        log.error(`Audit log: ${this.queue.length} record(s) not written yet, next try in ${pause} ms`, error);
        this.running = null;
        this.schedule(pause);
        return;
      }
    }
  }

  /** Writes the first queued record alone; false when PostgreSQL could not be reached. */
  private async writeFirstAlone(): Promise<boolean> {
    const first = this.queue[0];
    if (!first) return true;
    try {
      this.exporter?.send(await transaction(this.db, (client) => this.append(client, [first])));
    } catch (error) {
      if (!isDataError(error)) return false;
      log.error(`Audit log: a ${first.entry.action} record was refused by PostgreSQL and is dropped`, error);
    }
    this.queue.splice(0, 1);
    return true;
  }

  /** Chains and inserts `batch` in the caller's transaction, under the chain lock; the records written. */
  private async append(
    client: DbClient,
    batch: Pending[],
    extra: (head: { id: number; hash: string }) => ChainRecord[] = () => [],
    emptyHead?: { id: number; hash: string },
  ): Promise<ChainRecord[]> {
    await sql.lockChain(client);
    const studies = [...new Set(batch.map((each) => each.entry.study).filter((uid): uid is string => !!uid))];
    const keys = [...new Set(batch.map((each) => each.accessKey).filter((key): key is string => !!key))];
    const [patients, shares, head] = await Promise.all([
      sql.selectPatients(client, studies),
      sql.selectSharesOfKeys(client, keys),
      sql.selectHead(client),
    ]);
    // An empty table after a prune that took every record still continues the chain it cut.
    let id = head?.id ?? emptyHead?.id ?? 0;
    let prevHash = head?.hash ?? emptyHead?.hash ?? GENESIS_HASH;
    const records = batch.map((each): ChainRecord => {
      const patient = each.entry.study ? patients.get(each.entry.study) : undefined;
      return {
        id: ++id,
        at: each.at,
        accountId: each.accountId,
        share: each.accessKey ? (shares.get(each.accessKey) ?? 'unknown') : null,
        ip: each.ip,
        action: each.entry.action,
        outcome: each.entry.outcome ?? 'success',
        studyInstanceUid: each.entry.study ?? null,
        patientId: patient?.patientId ?? each.entry.patientId ?? null,
        patientName: patient?.patientName ?? null,
        details: each.entry.details ?? {},
      };
    });
    records.push(...extra({ id, hash: prevHash }));
    const chained = records.map((record) => {
      const hash = chainHash(prevHash, record);
      const link = { record, prevHash, hash };
      prevHash = hash;
      return link;
    });
    if (chained.length > 0) await sql.insertRecords(client, chained);
    return records;
  }

  /**
   * Applies the retention: removes records older than `keepFrom` and appends, in the same
   * transaction and under the chain lock, an audit_prune record naming the last removed record
   * and its hash (where the checked chain now starts). Answers how many went.
   */
  async prune(keepFrom: Date): Promise<number> {
    await this.flush();
    let written: ChainRecord[] = [];
    const removed = await transaction(this.db, async (client) => {
      await sql.lockChain(client);
      const cut = await sql.prune(client, keepFrom);
      if (cut.removed === 0 || cut.lastId === null || cut.lastHash === null) return 0;
      const lastRemoved = { id: cut.lastId, hash: cut.lastHash };
      written = await this.append(
        client,
        [],
        (head) => [
          {
            id: head.id + 1,
            at: new Date(),
            accountId: null,
            share: null,
            ip: '',
            action: 'audit_prune',
            outcome: 'success',
            studyInstanceUid: null,
            patientId: null,
            patientName: null,
            details: { Removed: cut.removed, LastId: cut.lastId, LastHash: cut.lastHash, KeepFrom: keepFrom.toISOString() },
          },
        ],
        lastRemoved,
      );
      return cut.removed;
    });
    this.exporter?.send(written);
    return removed;
  }

  /** Writes what is queued and stops (the adapter's shutdown). */
  async close(): Promise<void> {
    await this.flush();
    await this.exporter?.close();
  }
}
