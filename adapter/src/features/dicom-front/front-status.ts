/**
 * Every front publishes its spool's counts to PostgreSQL (dicom_front_status) at its start, every
 * 5 s and when it stops, so that the server screen asked through any replica of a cluster shows
 * every front's spool, and a front that stopped reporting (its replica died) is shown as such with
 * its last counts (docs/decisions.md "Every front's spool on the server screen"). Each heartbeat
 * also removes the open associations of dead fronts, and writes this front's own again when its
 * heartbeat had been late long enough for another replica to take it for dead.
 */
import type { DicomFrontReport, DicomFrontStatus } from '@pacs/common';
import type { Db, DbClient } from '../../db/pool.ts';
import { log } from '../../log.ts';
import type { DrainState } from './drain.ts';
import * as sql from './dicom-front.sql.ts';

const HEARTBEAT_MS = 5000;

export class FrontStatus {
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;

  constructor(
    private readonly db: Db | DbClient,
    readonly front: string,
    private readonly state: () => DrainState,
    /** Writes the front's open associations again (after other replicas removed them). */
    private readonly restore: () => Promise<void> = async () => undefined,
    private readonly intervalMs = HEARTBEAT_MS,
  ) {}

  /** The first report, before the front listens (its associations are listed only while it reports). */
  async start(): Promise<void> {
    await sql.startFrontStatus(this.db, this.front, this.state());
    this.timer = setInterval(() => {
      this.beating ??= this.beat()
        .catch((error: unknown) => log.warn(`DICOM front: status not published: ${String(error)}`))
        .finally(() => (this.beating = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  /** One heartbeat (exported for tests: `start` runs it every 5 s). */
  async beat(): Promise<void> {
    const wasLive = await sql.beatFrontStatus(this.db, this.front, this.state());
    if (wasLive === null) await sql.startFrontStatus(this.db, this.front, this.state());
    if (wasLive !== true) await this.restore();
    const removed = await sql.sweepDeadFronts(this.db);
    if (removed > 0) log.info(`DICOM front: ${removed} association(s) of a front not reporting removed from the open list`);
  }

  /** The last counts, not reporting from now; `retire`: the front is no more (moved to another port). */
  async stop(retire = false): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    if (retire) await sql.deleteFrontStatus(this.db, this.front);
    else await sql.stopFrontStatus(this.db, this.front, this.state());
  }
}

/**
 * The spool of every front (`GET /server/status` DicomFront): totals over the fronts reporting,
 * and each front with its last counts. This process's own front is read live, not as published.
 */
export async function dicomFrontStatus(deps: {
  db: Db | DbClient;
  /** This replica's own front (RunningFront), if it has one. */
  dicomFront?: { name: string; state(): DrainState };
}): Promise<DicomFrontStatus> {
  const rows = await sql.selectFrontStatuses(deps.db);
  const own = deps.dicomFront;
  const fronts: DicomFrontReport[] = rows
    .filter((row) => row.front !== own?.name)
    .map((row) => ({
      Port: Number(row.front),
      Pending: row.pending,
      Failed: row.failed,
      Stored: row.stored,
      LastSeen: row.heartbeat_at.toISOString(),
      Reporting: row.live,
    }));
  if (own) fronts.push({ Port: Number(own.name), ...own.state(), LastSeen: new Date().toISOString(), Reporting: true });
  fronts.sort((a, b) => a.Port - b.Port);
  const live = fronts.filter((front) => front.Reporting);
  const sum = (pick: (front: DicomFrontReport) => number) => live.reduce((total, front) => total + pick(front), 0);
  return {
    Pending: sum((front) => front.Pending),
    Failed: sum((front) => front.Failed),
    Stored: sum((front) => front.Stored),
    Fronts: fronts,
  };
}
