/**
 * The recycle bin (issue 16): the list's delete moves studies, series or instances into it; an
 * administrator restores them or deletes them for good; the trash job finishes interrupted deletes
 * and deletes what has outlived the retention period. Marks live on the index rows (trash.sql.ts);
 * the visibility module hides marked rows from everyone else.
 *
 * A permanent delete is crash-safe: its targets are marked as being deleted by a run (committed),
 * then each is deleted in Orthanc (already gone is fine) and only then its rows. Whoever executes
 * a run holds a PostgreSQL advisory lock on it for as long as it works; a run with marked rows and
 * no holder was interrupted, and the trash job (at start, then every minute, on any replica)
 * finishes it.
 */
import {
  TRASH_RETENTION_DEFAULT_DAYS,
  trashRetentionProblem,
  type DeleteItem,
  type DeleteResult,
  type RestoreResult,
  type TrashDeleteRun,
  type TrashDeleteTrigger,
  type TrashInstance,
  type TrashLevel,
  type TrashSeries,
  type TrashSettings,
  type TrashStudyList,
} from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { forgetVisibility, requireVisibleResource, requireVisibleStudy, visibleSeriesOf } from '../../access/visibility.ts';
import { transaction, type DbClient } from '../../db/pool.ts';
import { touchHeartbeatMarker } from '../../db/site.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { lockStudiesOf, recount } from '../../study-index/study-index.sql.ts';
import * as sql from './trash.sql.ts';

export type BinId = { level: TrashLevel; id: number };

const JOB_LOCK_KEY = 724_110_016;
const RUN_LOCK_CLASS = 724_110_017;
/** A manual delete answers when its run is done, or after this long with the run still going. */
const ANSWER_WITHIN_MS = 5000;

const dateTime = (date: string, time: string) => `${date}${time ? ` ${time.slice(0, 6)}` : ''}`.trim();

async function changed(db: Deps['db'], study: boolean): Promise<void> {
  forgetVisibility();
  await touchHeartbeatMarker(db, 'trashbox');
  if (study) await touchHeartbeatMarker(db, 'study');
}

// ---------------------------------------------------------------- the list's delete

export interface Marks {
  studies: Set<number>;
  series: Set<number>;
  instances: Set<number>;
}

/**
 * Moves what the caller names into the bin. Every item is checked first (404 for anything the
 * caller does not see, and then nothing moves). A whole study goes in whole when the caller sees
 * all of it; a caller who sees only some of its series (a role limited by modality) moves only
 * those, so nobody's view of the rest changes.
 */
export async function moveToBin(deps: Deps, auth: Auth, items: readonly DeleteItem[]): Promise<DeleteResult> {
  const marks: Marks = { studies: new Set(), series: new Set(), instances: new Set() };
  for (const item of items) {
    const uid = item.StudyInstanceUID;
    if (item.SeriesInstanceUID === undefined) {
      const studyId = await requireVisibleStudy(deps.db, auth, uid);
      const visible = await visibleSeriesOf(deps.db, auth, studyId);
      if (visible === null) marks.studies.add(studyId);
      else for (const id of await sql.seriesIdsOf(deps.db, studyId, [...visible])) marks.series.add(id);
      continue;
    }
    await requireVisibleResource(deps.db, auth, uid, item.SeriesInstanceUID, item.SOPInstanceUID);
    const studyId = await requireVisibleStudy(deps.db, auth, uid);
    if (item.SOPInstanceUID === undefined) {
      for (const id of await sql.seriesIdsOf(deps.db, studyId, [item.SeriesInstanceUID])) marks.series.add(id);
    } else {
      for (const id of await sql.instanceIdsOf(deps.db, studyId, item.SeriesInstanceUID, [item.SOPInstanceUID])) marks.instances.add(id);
    }
  }
  const result = await transaction(deps.db, (client) => applyMarks(client, marks, auth.accountId));
  await changed(deps.db, true);
  return result;
}

/** Marks studies for the bin on behalf of the system (auto-delete): no visibility applies. */
export async function moveStudiesToBin(deps: Deps, studyIds: readonly number[], by: string): Promise<number> {
  const result = await transaction(deps.db, (client) =>
    applyMarks(client, { studies: new Set(studyIds), series: new Set(), instances: new Set() }, by),
  );
  await changed(deps.db, true);
  return result.Studies;
}

export async function applyMarks(client: DbClient, marks: Marks, by: string): Promise<DeleteResult> {
  const result: DeleteResult = { Studies: 0, Series: 0, Instances: 0 };
  await lockStudiesOf(client, { studies: [...marks.studies], series: [...marks.series], instances: [...marks.instances] });
  for (const studyId of marks.studies) if (await sql.markStudy(client, studyId, by)) result.Studies += 1;
  if (marks.series.size > 0) result.Series = await sql.markSeries(client, [...marks.series], by);
  if (marks.instances.size > 0) result.Instances = await sql.markInstances(client, [...marks.instances], by);
  // Series touched by instance marks, and the series marked: promote full ones, then recount.
  const { rows } = await client.query<{ series_id: string }>('select distinct series_id from instances where id = any($1)', [
    [...marks.instances],
  ]);
  const seriesIds = [...new Set([...marks.series, ...rows.map((row) => Number(row.series_id))])];
  const promoted = await sql.promoteMarks(client, seriesIds, by);
  await recount(client, new Set(promoted.series), new Set([...promoted.studies, ...marks.studies]));
  return result;
}

// ---------------------------------------------------------------- the bin's screen

async function retentionDays(deps: Deps): Promise<number> {
  return (await readTrashSettings(deps)).TrashRetentionPeriod;
}

export async function listBin(deps: Deps, page: { newestFirst: boolean; limit: number; offset: number }): Promise<TrashStudyList> {
  const days = await retentionDays(deps);
  const { rows, count, totalSize } = await sql.selectTrashStudies(deps.db, days, page.newestFirst, page.limit, page.offset);
  return {
    Count: count,
    Items: rows.map((row) => ({
      Id: `study-${Number(row.id)}`,
      StudyInstanceUID: row.study_instance_uid,
      PatientID: row.patient_id,
      PatientName: row.patient_name,
      StudyDate: row.study_date,
      StudyTime: row.study_time,
      StudyDateTime: dateTime(row.study_date, row.study_time),
      ModalitiesInStudy: row.modalities_in_study,
      StudyDescription: row.study_description,
      AccessionNumber: row.accession_number,
      Institution: null,
      InstitutionName: row.institution_name,
      IsWhole: row.whole,
      NumberOfSeries: row.series_count,
      NumberOfInstances: row.instance_count,
      FileSize: Number(row.size),
      TrashedAt: row.trashed_at.toISOString(),
      TrashedBy: row.trashed_by,
      DeleteAt: row.delete_at.toISOString(),
      IsDeleting: row.deleting,
    })),
    Limit: page.limit,
    Offset: page.offset,
    TotalSize: totalSize,
    RequestedAt: new Date().toISOString(),
  };
}

export async function binSeries(deps: Deps, study: BinId): Promise<TrashSeries[]> {
  if (study.level !== 'study') throw new AppError('not_found');
  const rows = await sql.selectTrashSeries(deps.db, study.id);
  return rows.map((row) => ({
    Id: `series-${Number(row.id)}`,
    study_id: `study-${Number(row.study_id)}`,
    SeriesInstanceUID: row.series_instance_uid,
    SeriesNumber: row.series_number,
    Modality: row.modality,
    SeriesDescription: row.series_description,
    BodyPartExamined: row.body_part_examined,
    SeriesDate: row.series_date,
    SeriesTime: row.series_time,
    SeriesDateTime: dateTime(row.series_date, row.series_time),
    NumberOfSeriesRelatedInstances: row.instance_count,
    FileSize: Number(row.size),
    IsWhole: row.whole,
  }));
}

export async function binInstances(deps: Deps, series: BinId): Promise<TrashInstance[]> {
  if (series.level !== 'series') throw new AppError('not_found');
  const rows = await sql.selectTrashInstances(deps.db, series.id);
  return rows.map((row) => ({
    Id: `instance-${Number(row.id)}`,
    series_id: `series-${Number(row.series_id)}`,
    SOPInstanceUID: row.sop_instance_uid,
    InstanceNumber: row.instance_number,
    NumberOfFrames: row.number_of_frames,
    FileSize: Number(row.file_size),
  }));
}

// ---------------------------------------------------------------- restore

/**
 * Takes items out of the bin. Restoring a part of something trashed whole (a series of a study in
 * the bin whole) brings back that part only: the whole mark is first split onto the other parts.
 * An item being deleted for good answers 409 and nothing is restored.
 */
export async function restore(deps: Deps, ids: readonly BinId[] | 'all'): Promise<RestoreResult> {
  const targets = ids === 'all' ? await sql.allMarked(deps.db) : ids;
  for (const target of targets) if (await sql.isDeleting(deps.db, target.level, target.id)) throw new AppError('conflict');
  const result: RestoreResult = { Studies: 0, Series: 0, Instances: 0 };
  await transaction(deps.db, async (client) => {
    const touchedSeries = new Set<number>();
    const touchedStudies = new Set<number>();
    const of = (level: TrashLevel) => targets.filter((target) => target.level === level).map((target) => target.id);
    await lockStudiesOf(client, { studies: of('study'), series: of('series'), instances: of('instance') });
    for (const target of targets) {
      const studyId = await sql.studyOf(client, target.level, target.id);
      if (studyId === undefined) continue;
      if (target.level !== 'study') await sql.splitStudyMark(client, studyId);
      if (target.level === 'instance') {
        const { rows } = await client.query<{ series_id: string }>('select series_id from instances where id = $1', [target.id]);
        if (rows[0]) await sql.splitSeriesMark(client, Number(rows[0].series_id));
      }
      const { series } = await sql.clearMarks(client, target.level, target.id);
      for (const id of series) touchedSeries.add(id);
      touchedStudies.add(studyId);
      result[target.level === 'study' ? 'Studies' : target.level === 'series' ? 'Series' : 'Instances'] += 1;
    }
    await recount(client, touchedSeries, touchedStudies);
  });
  await changed(deps.db, true);
  return result;
}

// ---------------------------------------------------------------- permanent delete

const ORTHANC_LEVEL = { study: 'studies', series: 'series', instance: 'instances' } as const;

/**
 * Deletes bin items for good, as one run: plans the whole Orthanc resources to delete, marks them
 * as being deleted (committed), then executes. Answers the run when it is done, or after a few
 * seconds with the run still going (it finishes in the background; the bin shows IsDeleting).
 */
export async function deleteForGood(
  deps: Deps,
  request: { trigger: TrashDeleteTrigger; accountId: string | null; ids: readonly BinId[] | 'all'; settings?: Record<string, unknown> },
): Promise<TrashDeleteRun> {
  const settings = request.settings ?? { TrashRetentionPeriod: await retentionDays(deps) };
  const run = await sql.insertRun(deps.db, request.trigger, request.accountId, settings);
  const ids = request.ids === 'all' ? await sql.allMarked(deps.db) : request.ids;
  const planned = (await Promise.all(ids.map((id) => sql.planTargets(deps.db, id.level, id.id)))).flat();
  // A study and its series named together: the study's delete covers them.
  const studies = new Set(planned.filter((t) => t.level === 'study').map((t) => t.studyId));
  const series = new Set(planned.filter((t) => t.level === 'series').map((t) => t.id));
  const seen = new Set<string>();
  const targets = planned.filter((t) => {
    const key = `${t.level}-${t.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    if (t.level !== 'study' && studies.has(t.studyId)) return false;
    return !(t.level === 'instance' && t.seriesId !== null && series.has(t.seriesId));
  });
  await transaction(deps.db, (client) => sql.markDeleting(client, targets, run));
  await changed(deps.db, false);
  const work = executeRun(deps, run);
  work.catch((error: unknown) => log.warn(`Recycle bin: delete run ${run} stopped: ${String(error)}`));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ANSWER_WITHIN_MS)))]);
  clearTimeout(timer);
  return runOf(deps, run);
}

/**
 * Executes what a run has marked, holding the run's advisory lock on one connection throughout
 * (another replica's trash job then leaves it alone). Returns false when someone else holds it.
 */
async function executeRun(deps: Deps, run: number): Promise<boolean> {
  const client = await deps.db.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2::int) as locked', [RUN_LOCK_CLASS, run]);
    if (!rows[0]?.locked) return false;
    try {
      for (const target of await sql.deletingTargets(deps.db, run)) await executeTarget(deps, run, target);
      await sql.finishRuns(deps.db);
    } finally {
      await client.query('select pg_advisory_unlock($1, $2::int)', [RUN_LOCK_CLASS, run]);
    }
  } finally {
    client.release();
  }
  await changed(deps.db, true);
  return true;
}

async function executeTarget(deps: Deps, run: number, target: sql.DeleteTarget): Promise<void> {
  try {
    await deps.orthanc.deleteResource(ORTHANC_LEVEL[target.level], target.orthancId);
  } catch (error) {
    // Orthanc refused or is away: the item stays in the bin, and the next run tries again.
    log.warn(`Recycle bin: Orthanc did not delete ${target.level} ${target.orthancId}: ${String(error)}`);
    await sql.unmarkDeleting(deps.db, target);
    await sql.countInRun(deps.db, run, target, true);
    return;
  }
  await transaction(deps.db, async (client) => {
    await lockStudiesOf(client, { studies: [target.studyId] });
    await sql.deleteRow(client, target);
    const touchedSeries = new Set<number>(target.level === 'instance' && target.seriesId !== null ? [target.seriesId] : []);
    await recount(client, touchedSeries, new Set(target.level === 'study' ? [] : [target.studyId]));
    await sql.countInRun(client, run, target, false);
  });
}

async function runOf(deps: Deps, run: number): Promise<TrashDeleteRun> {
  const row = await sql.selectRun(deps.db, run);
  if (!row) throw new AppError('not_found');
  return toRun(row);
}

function toRun(row: sql.RunRow): TrashDeleteRun {
  return {
    No: Number(row.no),
    Trigger: row.trigger,
    Account: row.account_id,
    StartedAt: row.started_at.toISOString(),
    FinishedAt: row.finished_at?.toISOString() ?? null,
    Studies: row.studies,
    Series: row.series,
    Instances: row.instances,
    FileSize: Number(row.file_size),
    Failed: row.failed,
    Settings: JSON.stringify(row.settings ?? {}),
  };
}

export async function listRuns(deps: Deps, limit = 200): Promise<TrashDeleteRun[]> {
  return (await sql.selectRuns(deps.db, limit)).map(toRun);
}

// ---------------------------------------------------------------- settings

export async function readTrashSettings(deps: Pick<Deps, 'db'>): Promise<TrashSettings> {
  const stored = await sql.selectSettings(deps.db);
  const value = (stored as { TrashRetentionPeriod?: unknown } | undefined)?.TrashRetentionPeriod;
  return { TrashRetentionPeriod: trashRetentionProblem(value) === null ? Number(value) : TRASH_RETENTION_DEFAULT_DAYS };
}

export async function updateTrashSettings(deps: Deps, settings: TrashSettings): Promise<TrashSettings> {
  await sql.upsertSettings(deps.db, { TrashRetentionPeriod: settings.TrashRetentionPeriod });
  await touchHeartbeatMarker(deps.db, 'trashbox');
  return readTrashSettings(deps);
}

// ---------------------------------------------------------------- the trash job

/**
 * One pass of the trash job: finishes runs whose executor died, then deletes for good what has
 * been in the bin longer than the retention period (one 'retention' run). One replica at a time.
 */
export async function runTrashJob(deps: Deps): Promise<void> {
  const client = await deps.db.connect();
  try {
    if (!(await sql.tryJobLock(client, JOB_LOCK_KEY))) return;
    try {
      const orphans = new Set((await sql.deletingTargets(deps.db)).map((target) => target.run).filter((run) => run !== null));
      for (const run of orphans) await executeRun(deps, run);
      await sql.finishRuns(deps.db);
      const days = await retentionDays(deps);
      const expired = await sql.expiredMarks(deps.db, days);
      if (expired.length > 0) {
        const run = await deleteForGood(deps, {
          trigger: 'retention',
          accountId: null,
          ids: expired,
          settings: { TrashRetentionPeriod: days },
        });
        log.info(`Recycle bin: retention run ${run.No} deleting ${expired.length} item(s) older than ${days} day(s)`);
      }
    } finally {
      await sql.jobUnlock(client, JOB_LOCK_KEY);
    }
  } finally {
    client.release();
  }
}

/** Runs the trash job now and every `intervalMs`; returns the stop function. */
export function startTrashJob(deps: Deps, intervalMs: number): () => void {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runTrashJob(deps)
      .catch((error: unknown) => log.warn(`Recycle bin job failed: ${String(error)}`))
      .finally(() => (running = null));
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
