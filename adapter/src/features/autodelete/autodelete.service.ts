/**
 * Auto-delete (issue 16; spec 3 §3–§4): once a day at the configured hour (site time), or when an
 * administrator asks, the rules pick the oldest live studies and the recycle bin's service moves
 * them to the bin, or deletes them for good when DeleteNow is on. Every run is recorded with the
 * settings in force, what it picked and why.
 *
 * The rules, applied in order, each leaving out what the earlier ones picked:
 * - Lifetime: studies older than that many days (by LifetimeColumn);
 * - NumberOfStudies: studies beyond the newest that many (by NumberOfStudiesColumn);
 * - Capacity: the oldest (by CapacityColumn) until the archive's disk use, measured from Orthanc
 *   and less what is in the bin and what the earlier rules picked, is at most Capacity GB.
 * Studies with a report in Draft (KeepDraftReports) or reached by a live share (KeepShared) are
 * kept and counted. One run at a time across replicas (an advisory lock); one daily run a day (a
 * unique row per site-local date).
 */
import {
  CAPACITY_UNIT_BYTES,
  autoDeleteSettingsFrom,
  hasAutoDeleteRule,
  isAutoDeleteAvailable,
  type AutoDeleteColumn,
  type AutoDeleteRun,
  type AutoDeleteRunList,
  type AutoDeleteSettings,
  type AutoDeleteSettingsFind,
  type AutoDeleteTrigger,
} from '@pacs/common';
import { siteTimeZone } from '../../db/site.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { deleteForGood, moveStudiesToBin } from '../trash/trash.service.ts';
import * as sql from './autodelete.sql.ts';

const RUN_LOCK_KEY = 724_110_018;
/** The most studies one run picks; a larger backlog goes in the following runs. */
export const MAX_STUDIES_PER_RUN = 10_000;
const PAGE = 1000;
/** What the bin shows as TrashedBy for studies auto-delete moved. */
export const TRASHED_BY = 'auto-delete';

/**
 * Whether auto-delete may run here: false on the cloud basic and personal plans (spec 3 §4). The
 * one place that asks; plans arrive with the subscription issue, until then there is none.
 */
export function autoDeleteAllowed(deps: Pick<Deps, 'config'>): boolean {
  return isAutoDeleteAvailable(deps.config.edition, null);
}

// ---------------------------------------------------------------- settings

export async function readAutoDeleteSettings(deps: Pick<Deps, 'db'>): Promise<AutoDeleteSettings> {
  return autoDeleteSettingsFrom(await sql.selectSettings(deps.db));
}

export async function findAutoDeleteSettings(deps: Deps): Promise<AutoDeleteSettingsFind> {
  const allowed = autoDeleteAllowed(deps);
  const settings = await readAutoDeleteSettings(deps);
  // Where the plan forbids it, an enabled auto-delete reads (and acts) as switched off.
  return { ...settings, Enabled: allowed && settings.Enabled, Available: allowed };
}

/** Saves checked settings. Turning it on where the plan forbids it is refused. */
export async function updateAutoDeleteSettings(deps: Deps, settings: AutoDeleteSettings): Promise<AutoDeleteSettingsFind> {
  if (!autoDeleteAllowed(deps) && settings.Enabled) throw new AppError('auto_delete_not_available');
  await sql.upsertSettings(deps.db, settings);
  return findAutoDeleteSettings(deps);
}

// ---------------------------------------------------------------- picking

interface Picked {
  ids: number[];
  bytes: number;
  byLifetime: number;
  byNumberOfStudies: number;
  byCapacity: number;
  keptDraftReport: number;
  keptShared: number;
  diskUsage: number | null;
}

/** Why a study a rule reached is kept, or null when it may go. */
function keptFor(settings: AutoDeleteSettings, row: sql.CandidateRow): 'draft' | 'shared' | null {
  if (settings.KeepDraftReports && row.draft) return 'draft';
  if (settings.KeepShared && row.shared) return 'shared';
  return null;
}

/**
 * Walks live studies matching one rule, oldest first, picking those not kept; stops when `enough`
 * says so (after a pick) or the run's cap is reached. Answers how many this rule picked.
 */
async function walk(
  deps: Pick<Deps, 'db'>,
  settings: AutoDeleteSettings,
  picked: Picked,
  rule: { column: AutoDeleteColumn; filter: sql.RuleFilter; timeZone: string; enough?: () => boolean },
): Promise<number> {
  const excluded = [...picked.ids];
  let count = 0;
  for (let offset = 0; picked.ids.length < MAX_STUDIES_PER_RUN; offset += PAGE) {
    const rows = await sql.selectCandidates(deps.db, { ...rule, excluded, limit: PAGE, offset });
    for (const row of rows) {
      if (rule.enough?.()) return count;
      const kept = keptFor(settings, row);
      if (kept === 'draft') picked.keptDraftReport += 1;
      else if (kept === 'shared') picked.keptShared += 1;
      else {
        picked.ids.push(Number(row.id));
        picked.bytes += Number(row.file_size);
        count += 1;
        if (picked.ids.length >= MAX_STUDIES_PER_RUN) return count;
      }
    }
    if (rows.length < PAGE) return count;
  }
  return count;
}

/** The studies the rules pick now, oldest first within each rule, and why. */
export async function pickStudies(deps: Pick<Deps, 'db' | 'orthanc'>, settings: AutoDeleteSettings): Promise<Picked> {
  const timeZone = await siteTimeZone(deps.db);
  const picked: Picked = {
    ids: [],
    bytes: 0,
    byLifetime: 0,
    byNumberOfStudies: 0,
    byCapacity: 0,
    keptDraftReport: 0,
    keptShared: 0,
    diskUsage: null,
  };
  if (settings.Lifetime > 0) {
    picked.byLifetime = await walk(deps, settings, picked, {
      column: settings.LifetimeColumn,
      filter: { kind: 'older_than_days', days: settings.Lifetime },
      timeZone,
    });
  }
  if (settings.NumberOfStudies > 0) {
    picked.byNumberOfStudies = await walk(deps, settings, picked, {
      column: settings.NumberOfStudiesColumn,
      filter: { kind: 'beyond_newest', keep: settings.NumberOfStudies },
      timeZone,
    });
  }
  if (settings.Capacity > 0) {
    // Measured, not guessed: Orthanc's storage area. What is in the bin leaves at the end of the
    // retention period (or sooner by an administrator), so live studies do not go to make room for it.
    const statistics = await deps.orthanc.getStatistics();
    picked.diskUsage = Number(statistics.TotalDiskSize);
    const excess = picked.diskUsage - (await sql.selectBinBytes(deps.db)) - picked.bytes - settings.Capacity * CAPACITY_UNIT_BYTES;
    if (excess > 0) {
      const target = picked.bytes + excess;
      picked.byCapacity = await walk(deps, settings, picked, {
        column: settings.CapacityColumn,
        filter: { kind: 'all' },
        timeZone,
        enough: () => picked.bytes >= target,
      });
    }
  }
  return picked;
}

// ---------------------------------------------------------------- the run

function toRun(row: sql.RunRow): AutoDeleteRun {
  const studies = row.studies;
  return {
    No: Number(row.no),
    Trigger: row.trigger,
    Account: row.account_id,
    StartedAt: row.started_at.toISOString(),
    FinishedAt: row.finished_at?.toISOString() ?? null,
    Settings: JSON.stringify(row.settings ?? {}),
    Studies: studies,
    MovedToBin: row.delete_now ? 0 : studies,
    Deleted: row.delete_now ? studies : 0,
    FileSize: Number(row.file_size),
    ByLifetime: row.by_lifetime,
    ByNumberOfStudies: row.by_number_of_studies,
    ByCapacity: row.by_capacity,
    KeptDraftReport: row.kept_draft_report,
    KeptShared: row.kept_shared,
    DiskUsage: row.disk_usage === null ? null : Number(row.disk_usage),
    TrashDeleteRun: row.trash_run === null ? null : Number(row.trash_run),
    Error: row.error,
  };
}

/**
 * One run: picks, then moves to the bin (or deletes for good with DeleteNow), and records it.
 * Answers the run, or null when it did not start: another run holds the lock, or (a daily run)
 * today's has already run. A manual run that cannot start answers 409.
 */
export async function runAutoDelete(
  deps: Deps,
  request: { trigger: AutoDeleteTrigger; accountId: string | null; runDate?: string },
): Promise<AutoDeleteRun | null> {
  const manual = request.trigger === 'manual';
  if (!autoDeleteAllowed(deps)) {
    if (manual) throw new AppError('auto_delete_not_available');
    return null;
  }
  const client = await deps.db.connect();
  try {
    if (!(await sql.tryRunLock(client, RUN_LOCK_KEY))) {
      if (manual) throw new AppError('conflict');
      return null;
    }
    try {
      return await lockedRun(deps, request);
    } finally {
      await sql.runUnlock(client, RUN_LOCK_KEY);
    }
  } finally {
    client.release();
  }
}

async function lockedRun(deps: Deps, request: { trigger: AutoDeleteTrigger; accountId: string | null; runDate?: string }) {
  const settings = await readAutoDeleteSettings(deps);
  const no = await sql.insertRun(deps.db, {
    trigger: request.trigger,
    runDate: request.runDate ?? null,
    accountId: request.accountId,
    settings,
    deleteNow: settings.DeleteNow,
  });
  if (no === undefined) return null;
  const counts: sql.RunCounts = {
    studies: 0,
    fileSize: 0,
    byLifetime: 0,
    byNumberOfStudies: 0,
    byCapacity: 0,
    keptDraftReport: 0,
    keptShared: 0,
    diskUsage: null,
    trashRun: null,
    error: null,
  };
  try {
    const picked = await pickStudies(deps, settings);
    Object.assign(counts, {
      fileSize: picked.bytes,
      byLifetime: picked.byLifetime,
      byNumberOfStudies: picked.byNumberOfStudies,
      byCapacity: picked.byCapacity,
      keptDraftReport: picked.keptDraftReport,
      keptShared: picked.keptShared,
      diskUsage: picked.diskUsage,
    });
    if (picked.ids.length > 0) {
      counts.studies = await moveStudiesToBin(deps, picked.ids, TRASHED_BY);
      if (settings.DeleteNow) {
        // The bin's crash-safe delete: it deletes only what is in the bin, and finishes in the
        // background (and after a crash, in the trash job) when it takes longer than a few seconds.
        const trashRun = await deleteForGood(deps, {
          trigger: 'auto_delete',
          accountId: request.accountId,
          ids: picked.ids.map((id) => ({ level: 'study' as const, id })),
          settings: { ...settings },
        });
        counts.trashRun = trashRun.No;
      }
    }
    log.info(
      `Auto-delete run ${no}: ${counts.studies} study(ies) ${settings.DeleteNow ? 'deleted for good' : 'moved to the recycle bin'}` +
        ` (lifetime ${counts.byLifetime}, number ${counts.byNumberOfStudies}, capacity ${counts.byCapacity};` +
        ` kept: draft ${counts.keptDraftReport}, shared ${counts.keptShared})`,
    );
  } catch (error) {
    counts.error = error instanceof AppError ? error.message : 'The run stopped on an unexpected error.';
    log.warn(`Auto-delete run ${no} stopped: ${String(error)}`);
  }
  await sql.finishRun(deps.db, no, counts);
  const row = await sql.selectRun(deps.db, no);
  return row ? toRun(row) : null;
}

export async function listAutoDeleteRuns(deps: Deps, page: { limit: number; offset: number }): Promise<AutoDeleteRunList> {
  const { rows, count } = await sql.selectRuns(deps.db, page.limit, page.offset);
  return { Count: count, Items: rows.map(toRun), Limit: page.limit, Offset: page.offset };
}

// ---------------------------------------------------------------- the schedule

/** A moment's date (YYYY-MM-DD) and hour (0–23) in a time zone. */
export function localDateHour(now: Date, timeZone: string): { date: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/**
 * The site-local date a daily run is due for at `now`, or null: auto-delete enabled, a rule set,
 * and `now` within the configured hour. Whether that date already ran is the database's business
 * (one daily row per date). A process down for the whole hour skips that day's run: a delete is
 * never made up later, when an administrator may not expect it.
 */
export function dueRunDate(settings: AutoDeleteSettings, now: Date, timeZone: string): string | null {
  if (!settings.Enabled || !hasAutoDeleteRule(settings)) return null;
  const local = localDateHour(now, timeZone);
  return local.hour === settings.Hour ? local.date : null;
}

/** The scheduler's check (every minute): runs today's daily run when it is due and has not run. */
export async function checkAutoDelete(deps: Deps, now: Date = new Date()): Promise<AutoDeleteRun | null> {
  if (!autoDeleteAllowed(deps)) return null;
  const runDate = dueRunDate(await readAutoDeleteSettings(deps), now, await siteTimeZone(deps.db));
  if (runDate === null) return null;
  return runAutoDelete(deps, { trigger: 'schedule', accountId: null, runDate });
}

/** Checks now and every `intervalMs`; returns the stop function. */
export function startAutoDeleteJob(deps: Deps, intervalMs: number): () => void {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = checkAutoDelete(deps)
      .catch((error: unknown) => log.warn(`Auto-delete check failed: ${String(error)}`))
      .finally(() => (running = null));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
