/**
 * Every SQL statement of the recycle bin (migration 015_trash.sql): marking and clearing the trash
 * marks on index rows, the bin's lists, the permanent delete's plan and its steps, the runs and the
 * retention setting.
 *
 * A row is "in the bin" when it or an ancestor carries trashed_at (IN_BIN over st, s, i). Restoring
 * or deleting at one level takes everything below it; restoring a part of something trashed whole
 * first splits the whole mark into marks on the other parts (splitStudyMark, splitSeriesMark).
 */
import type { Db, DbClient } from '../../db/pool.ts';
import type { TrashDeleteTrigger, TrashLevel } from '@pacs/common';

type Queryable = Db | DbClient;

/** An instance `i` of series `s` of study `st` is in the bin. */
const IN_BIN = '(st.trashed_at is not null or s.trashed_at is not null or i.trashed_at is not null)';

// ---------------------------------------------------------------- marking (the list's delete)

export async function markStudy(client: DbClient, studyId: number, by: string): Promise<boolean> {
  const { rowCount } = await client.query(`update studies set trashed_at = now(), trashed_by = $2 where id = $1 and trashed_at is null`, [
    studyId,
    by,
  ]);
  return (rowCount ?? 0) > 0;
}

export async function markSeries(client: DbClient, seriesIds: number[], by: string): Promise<number> {
  const { rowCount } = await client.query(
    `update series set trashed_at = now(), trashed_by = $2 where id = any($1) and trashed_at is null`,
    [seriesIds, by],
  );
  return rowCount ?? 0;
}

export async function markInstances(client: DbClient, instanceIds: number[], by: string): Promise<number> {
  const { rowCount } = await client.query(
    `update instances set trashed_at = now(), trashed_by = $2 where id = any($1) and trashed_at is null`,
    [instanceIds, by],
  );
  return rowCount ?? 0;
}

/**
 * Tidies marks after a delete: a series whose every instance is in the bin goes in whole, then a
 * study whose every series is. Answers the series and studies whose counts must be recomputed.
 */
export async function promoteMarks(client: DbClient, seriesIds: number[], by: string): Promise<{ series: number[]; studies: number[] }> {
  await client.query(
    `update series s set trashed_at = now(), trashed_by = $2
      where s.id = any($1) and s.trashed_at is null
        and not exists (select 1 from instances i where i.series_id = s.id and i.trashed_at is null)`,
    [seriesIds, by],
  );
  const { rows } = await client.query<{ study_id: number }>('select distinct study_id from series where id = any($1)', [seriesIds]);
  const studyIds = rows.map((row) => row.study_id);
  await client.query(
    `update studies st set trashed_at = now(), trashed_by = $2
      where st.id = any($1) and st.trashed_at is null
        and not exists (select 1 from series s where s.study_id = st.id and s.trashed_at is null)`,
    [studyIds, by],
  );
  return { series: seriesIds, studies: studyIds };
}

/** Index ids of the named series within a study. */
export async function seriesIdsOf(db: Queryable, studyId: number, seriesUids: readonly string[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('select id from series where study_id = $1 and series_instance_uid = any($2)', [
    studyId,
    seriesUids,
  ]);
  return rows.map((row) => Number(row.id));
}

/** Index ids of the named instances within one series of a study. */
export async function instanceIdsOf(db: Queryable, studyId: number, seriesUid: string, sopUids: readonly string[]): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `select i.id from instances i join series s on s.id = i.series_id
      where s.study_id = $1 and s.series_instance_uid = $2 and i.sop_instance_uid = any($3)`,
    [studyId, seriesUid, sopUids],
  );
  return rows.map((row) => Number(row.id));
}

// ---------------------------------------------------------------- the bin's lists

export interface TrashStudyRow {
  id: string;
  study_instance_uid: string;
  patient_id: string;
  patient_name: string;
  study_date: string;
  study_time: string;
  modalities_in_study: string[];
  study_description: string;
  accession_number: string;
  institution_name: string;
  whole: boolean;
  series_count: number;
  instance_count: number;
  size: string;
  trashed_at: Date;
  trashed_by: string | null;
  delete_at: Date;
  deleting: boolean;
}

/** What of each binned study is in the bin: its series and instances, bytes, first mark, any delete under way. */
const BIN_STUDIES = `
  select st.id, (st.trashed_at is not null) as whole, b.series_count, b.instance_count, b.size, b.trashed_at, b.trashed_by, b.deleting
    from studies st
    join lateral (
      select count(distinct s.id)::int as series_count, count(i.id)::int as instance_count, coalesce(sum(i.file_size), 0) as size,
             least(st.trashed_at, min(s.trashed_at), min(i.trashed_at)) as trashed_at,
             coalesce(st.trashed_by, min(s.trashed_by), min(i.trashed_by)) as trashed_by,
             (st.deleting_at is not null or bool_or(s.deleting_at is not null) or bool_or(i.deleting_at is not null)) as deleting
        from series s join instances i on i.series_id = s.id
       where s.study_id = st.id and ${IN_BIN}
    ) b on b.instance_count > 0
   where st.id in (select id from studies where trashed_at is not null
                   union select study_id from series where trashed_at is not null
                   union select s.study_id from instances i join series s on s.id = i.series_id where i.trashed_at is not null)`;

/** A page of the bin, newest (or oldest) mark first, with the total count and size. */
export async function selectTrashStudies(
  db: Queryable,
  retentionDays: number,
  newestFirst: boolean,
  limit: number,
  offset: number,
): Promise<{ rows: TrashStudyRow[]; count: number; totalSize: number }> {
  const { rows } = await db.query<TrashStudyRow & { total_count: number; total_size: string }>(
    `with bin as (${BIN_STUDIES})
     select st.id::text, st.study_instance_uid, st.patient_id, st.patient_name, st.study_date, st.study_time, st.modalities_in_study,
            st.study_description, st.accession_number, st.institution_name, bin.whole, bin.series_count, bin.instance_count,
            bin.size::text, bin.trashed_at, bin.trashed_by, bin.trashed_at + make_interval(days => $1) as delete_at, bin.deleting,
            count(*) over ()::int as total_count, (sum(bin.size) over ())::text as total_size
       from bin join studies st on st.id = bin.id
      order by bin.trashed_at ${newestFirst ? 'desc' : 'asc'}, st.id ${newestFirst ? 'desc' : 'asc'}
      limit $2 offset $3`,
    [retentionDays, limit, offset],
  );
  if (rows.length > 0) return { rows, count: rows[0]!.total_count, totalSize: Number(rows[0]!.total_size) };
  // An offset past the end still answers the totals.
  const { rows: totals } = await db.query<{ count: number; size: string }>(
    `with bin as (${BIN_STUDIES}) select count(*)::int as count, coalesce(sum(size), 0)::text as size from bin`,
  );
  return { rows: [], count: totals[0]?.count ?? 0, totalSize: Number(totals[0]?.size ?? 0) };
}

export interface TrashSeriesRow {
  id: string;
  study_id: string;
  series_instance_uid: string;
  series_number: number | null;
  modality: string;
  series_description: string;
  body_part_examined: string;
  series_date: string;
  series_time: string;
  whole: boolean;
  instance_count: number;
  size: string;
}

/** The series of a binned study that hold something in the bin. */
export async function selectTrashSeries(db: Queryable, studyId: number): Promise<TrashSeriesRow[]> {
  const { rows } = await db.query<TrashSeriesRow>(
    `select s.id::text, s.study_id::text, s.series_instance_uid, s.series_number, s.modality, s.series_description, s.body_part_examined,
            s.series_date, s.series_time, (st.trashed_at is not null or s.trashed_at is not null) as whole,
            count(i.id)::int as instance_count, coalesce(sum(i.file_size), 0)::text as size
       from series s join studies st on st.id = s.study_id join instances i on i.series_id = s.id
      where s.study_id = $1 and ${IN_BIN}
      group by s.id, st.id order by s.series_number asc nulls last, s.id`,
    [studyId],
  );
  return rows;
}

export interface TrashInstanceRow {
  id: string;
  series_id: string;
  sop_instance_uid: string;
  instance_number: number | null;
  number_of_frames: number;
  file_size: string;
}

/** The binned instances of a series. */
export async function selectTrashInstances(db: Queryable, seriesId: number): Promise<TrashInstanceRow[]> {
  const { rows } = await db.query<TrashInstanceRow>(
    `select i.id::text, i.series_id::text, i.sop_instance_uid, i.instance_number, i.number_of_frames, i.file_size::text
       from instances i join series s on s.id = i.series_id join studies st on st.id = s.study_id
      where s.id = $1 and ${IN_BIN} order by i.instance_number asc nulls last, i.id`,
    [seriesId],
  );
  return rows;
}

// ---------------------------------------------------------------- restore

/** The study of a series or instance row; undefined when it does not exist. */
export async function studyOf(db: Queryable, level: TrashLevel, id: number): Promise<number | undefined> {
  const sql =
    level === 'study'
      ? 'select id as study_id from studies where id = $1'
      : level === 'series'
        ? 'select study_id from series where id = $1'
        : 'select s.study_id from instances i join series s on s.id = i.series_id where i.id = $1';
  const { rows } = await db.query<{ study_id: string }>(sql, [id]);
  return rows[0] ? Number(rows[0].study_id) : undefined;
}

/** A study trashed whole loses its mark to each of its series not already marked (keeping time and author). */
export async function splitStudyMark(client: DbClient, studyId: number): Promise<void> {
  await client.query(
    `update series s set trashed_at = st.trashed_at, trashed_by = st.trashed_by
       from studies st where st.id = $1 and s.study_id = st.id and st.trashed_at is not null and s.trashed_at is null`,
    [studyId],
  );
  await client.query('update studies set trashed_at = null, trashed_by = null where id = $1', [studyId]);
}

/** A series trashed whole loses its mark to each of its instances not already marked. */
export async function splitSeriesMark(client: DbClient, seriesId: number): Promise<void> {
  await client.query(
    `update instances i set trashed_at = s.trashed_at, trashed_by = s.trashed_by
       from series s where s.id = $1 and i.series_id = s.id and s.trashed_at is not null and i.trashed_at is null`,
    [seriesId],
  );
  await client.query('update series set trashed_at = null, trashed_by = null where id = $1', [seriesId]);
}

/** Whether a row (or anything below it) is being deleted for good: it cannot be restored. */
export async function isDeleting(db: Queryable, level: TrashLevel, id: number): Promise<boolean> {
  const sql =
    level === 'study'
      ? `select exists (select 1 from studies st join series s on s.study_id = st.id join instances i on i.series_id = s.id
           where st.id = $1 and (st.deleting_at is not null or s.deleting_at is not null or i.deleting_at is not null)) as busy`
      : level === 'series'
        ? `select exists (select 1 from series s join instances i on i.series_id = s.id join studies st on st.id = s.study_id
             where s.id = $1 and (st.deleting_at is not null or s.deleting_at is not null or i.deleting_at is not null)) as busy`
        : `select exists (select 1 from instances i join series s on s.id = i.series_id join studies st on st.id = s.study_id
             where i.id = $1 and (st.deleting_at is not null or s.deleting_at is not null or i.deleting_at is not null)) as busy`;
  const { rows } = await db.query<{ busy: boolean }>(sql, [id]);
  return rows[0]?.busy === true;
}

/** Clears every mark at and below a row; the counts of what came back (instances, series; study 0/1). */
export async function clearMarks(client: DbClient, level: TrashLevel, id: number): Promise<{ series: number[] }> {
  if (level === 'instance') {
    const { rows } = await client.query<{ series_id: string }>(
      'update instances set trashed_at = null, trashed_by = null where id = $1 returning series_id',
      [id],
    );
    return { series: rows.map((row) => Number(row.series_id)) };
  }
  const seriesWhere = level === 'study' ? 'study_id = $1' : 'id = $1';
  if (level === 'study') await client.query('update studies set trashed_at = null, trashed_by = null where id = $1', [id]);
  const { rows } = await client.query<{ id: string }>(
    `update series set trashed_at = null, trashed_by = null where ${seriesWhere} returning id`,
    [id],
  );
  const seriesIds = rows.map((row) => Number(row.id));
  await client.query('update instances set trashed_at = null, trashed_by = null where series_id = any($1) and trashed_at is not null', [
    seriesIds,
  ]);
  return { series: seriesIds };
}

/** Every row with a mark, as bin ids of the highest marked level (restore all, delete all). */
export async function allMarked(db: Queryable): Promise<{ level: TrashLevel; id: number }[]> {
  const { rows } = await db.query<{ level: TrashLevel; id: string }>(
    `select 'study' as level, id::text from studies where trashed_at is not null
     union all
     select 'series', s.id::text from series s join studies st on st.id = s.study_id where s.trashed_at is not null and st.trashed_at is null
     union all
     select 'instance', i.id::text from instances i join series s on s.id = i.series_id join studies st on st.id = s.study_id
      where i.trashed_at is not null and s.trashed_at is null and st.trashed_at is null`,
  );
  return rows.map((row) => ({ level: row.level, id: Number(row.id) }));
}

// ---------------------------------------------------------------- permanent delete

export interface DeleteTarget {
  level: TrashLevel;
  id: number;
  orthancId: string;
  studyId: number;
  seriesId: number | null;
  instances: number;
  size: number;
}

/** A delete target as PostgreSQL answers it (ids and sizes as text: bigint). */
interface TargetRow {
  level: TrashLevel;
  id: string;
  orthanc_id: string;
  study_id: string;
  series_id: string | null;
  instances: number;
  size: string;
}

const toTarget = (row: TargetRow): DeleteTarget => ({
  level: row.level,
  id: Number(row.id),
  orthancId: row.orthanc_id,
  studyId: Number(row.study_id),
  seriesId: row.series_id === null ? null : Number(row.series_id),
  instances: row.instances,
  size: Number(row.size),
});

/**
 * What deleting a bin id for good removes from Orthanc, as whole resources: a study trashed whole
 * is one study; a study with only parts in the bin is its binned series and binned instances; a
 * series likewise. Rows not in the bin, or already being deleted, give nothing.
 */
export async function planTargets(db: Queryable, level: TrashLevel, id: number): Promise<DeleteTarget[]> {
  const where = level === 'study' ? 'st.id = $1' : level === 'series' ? 's.id = $1' : 'i.id = $1';
  const { rows } = await db.query<TargetRow>(
    `with binned as (
       select st.id as study_id, st.orthanc_id as study_orthanc, s.id as series_id, s.orthanc_id as series_orthanc,
              i.id as instance_id, i.orthanc_id as instance_orthanc, i.file_size,
              case when $2 = 'study' and st.trashed_at is not null then 'study'
                   when $2 <> 'instance' and (st.trashed_at is not null or s.trashed_at is not null) then 'series'
                   else 'instance' end as target
         from studies st join series s on s.study_id = st.id join instances i on i.series_id = s.id
        where ${where} and ${IN_BIN} and st.deleting_at is null and s.deleting_at is null and i.deleting_at is null
     )
     select 'study' as level, study_id::text as id, study_orthanc as orthanc_id, study_id::text, null as series_id,
            count(*)::int as instances, sum(file_size)::text as size
       from binned where target = 'study' group by study_id, study_orthanc
     union all
     select 'series', series_id::text, series_orthanc, study_id::text, series_id::text, count(*)::int, sum(file_size)::text
       from binned where target = 'series' group by series_id, series_orthanc, study_id
     union all
     select 'instance', instance_id::text, instance_orthanc, study_id::text, series_id::text, 1, file_size::text
       from binned where target = 'instance'`,
    [id, level],
  );
  return rows.map(toTarget);
}

const TABLE: Record<TrashLevel, string> = { study: 'studies', series: 'series', instance: 'instances' };

/** Marks targets as being deleted by a run (committed before anything is asked of Orthanc). */
export async function markDeleting(client: DbClient, targets: readonly DeleteTarget[], run: number): Promise<void> {
  for (const level of ['study', 'series', 'instance'] as const) {
    const ids = targets.filter((target) => target.level === level).map((target) => target.id);
    if (ids.length > 0)
      await client.query(`update ${TABLE[level]} set deleting_at = now(), delete_run = $2 where id = any($1)`, [ids, run]);
  }
}

/** Targets marked as being deleted (by any run, finished or interrupted), oldest mark first. */
export async function deletingTargets(db: Queryable, run?: number): Promise<(DeleteTarget & { run: number | null })[]> {
  const { rows } = await db.query<TargetRow & { run: string | null }>(
    `select * from (
       select 'study' as level, st.id::text, st.orthanc_id, st.id::text as study_id, null as series_id, st.delete_run::text as run, st.deleting_at,
              (select count(*)::int from series s join instances i on i.series_id = s.id where s.study_id = st.id) as instances,
              (select coalesce(sum(i.file_size), 0)::text from series s join instances i on i.series_id = s.id where s.study_id = st.id) as size
         from studies st where st.deleting_at is not null
       union all
       select 'series', s.id::text, s.orthanc_id, s.study_id::text, s.id::text, s.delete_run::text, s.deleting_at,
              (select count(*)::int from instances i where i.series_id = s.id),
              (select coalesce(sum(i.file_size), 0)::text from instances i where i.series_id = s.id)
         from series s where s.deleting_at is not null
       union all
       select 'instance', i.id::text, i.orthanc_id, s.study_id::text, s.id::text, i.delete_run::text, i.deleting_at, 1, i.file_size::text
         from instances i join series s on s.id = i.series_id where i.deleting_at is not null
     ) t where ($1::bigint is null or t.run::bigint = $1) order by t.deleting_at, t.level, t.id::bigint`,
    [run ?? null],
  );
  return rows.map((row) => ({ ...toTarget(row), run: row.run === null ? null : Number(row.run) }));
}

/** After Orthanc deleted it: the row goes (with everything below it, by cascade). */
export async function deleteRow(client: DbClient, target: Pick<DeleteTarget, 'level' | 'id'>): Promise<void> {
  await client.query(`delete from ${TABLE[target.level]} where id = $1`, [target.id]);
}

/** Orthanc refused: the row stays in the bin, no longer being deleted (the next run tries again). */
export async function unmarkDeleting(db: Queryable, target: Pick<DeleteTarget, 'level' | 'id'>): Promise<void> {
  await db.query(`update ${TABLE[target.level]} set deleting_at = null, delete_run = null where id = $1`, [target.id]);
}

/** Bin ids whose mark (or an ancestor's) is older than the retention period, at the highest marked level. */
export async function expiredMarks(db: Queryable, retentionDays: number): Promise<{ level: TrashLevel; id: number }[]> {
  const { rows } = await db.query<{ level: TrashLevel; id: string }>(
    `select 'study' as level, id::text from studies where trashed_at < now() - make_interval(days => $1)
     union all
     select 'series', s.id::text from series s join studies st on st.id = s.study_id
      where s.trashed_at < now() - make_interval(days => $1) and st.trashed_at is null
     union all
     select 'instance', i.id::text from instances i join series s on s.id = i.series_id join studies st on st.id = s.study_id
      where i.trashed_at < now() - make_interval(days => $1) and s.trashed_at is null and st.trashed_at is null`,
    [retentionDays],
  );
  return rows.map((row) => ({ level: row.level, id: Number(row.id) }));
}

// ---------------------------------------------------------------- runs

export async function insertRun(
  db: Queryable,
  trigger: TrashDeleteTrigger,
  accountId: string | null,
  settings: Record<string, unknown>,
): Promise<number> {
  const { rows } = await db.query<{ no: string }>(
    'insert into trash_delete_runs (trigger, account_id, settings) values ($1, $2, $3) returning no',
    [trigger, accountId, JSON.stringify(settings)],
  );
  return Number(rows[0]!.no);
}

/** Adds what one target's delete removed (or that it failed) to its run. */
export async function countInRun(
  db: Queryable,
  run: number,
  target: Pick<DeleteTarget, 'level' | 'instances' | 'size'>,
  failed: boolean,
): Promise<void> {
  await db.query(
    `update trash_delete_runs set
       studies = studies + $2, series = series + $3, instances = instances + $4, file_size = file_size + $5, failed = failed + $6
     where no = $1`,
    failed
      ? [run, 0, 0, 0, 0, 1]
      : [run, target.level === 'study' ? 1 : 0, target.level === 'series' ? 1 : 0, target.instances, target.size, 0],
  );
}

/** Closes runs with nothing left being deleted. */
export async function finishRuns(db: Queryable): Promise<void> {
  await db.query(
    `update trash_delete_runs r set finished_at = now() where r.finished_at is null
       and not exists (select 1 from studies where delete_run = r.no)
       and not exists (select 1 from series where delete_run = r.no)
       and not exists (select 1 from instances where delete_run = r.no)`,
  );
}

export interface RunRow {
  no: string;
  trigger: TrashDeleteTrigger;
  account_id: string | null;
  started_at: Date;
  finished_at: Date | null;
  studies: number;
  series: number;
  instances: number;
  file_size: string;
  failed: number;
  settings: unknown;
}

export async function selectRun(db: Queryable, no: number): Promise<RunRow | undefined> {
  const { rows } = await db.query<RunRow>('select * from trash_delete_runs where no = $1', [no]);
  return rows[0];
}

export async function selectRuns(db: Queryable, limit: number): Promise<RunRow[]> {
  const { rows } = await db.query<RunRow>('select * from trash_delete_runs order by started_at desc, no desc limit $1', [limit]);
  return rows;
}

// ---------------------------------------------------------------- settings

export async function selectSettings(db: Queryable): Promise<unknown> {
  const { rows } = await db.query<{ value: unknown }>(`select value from server_settings where key = 'trash'`);
  return rows[0]?.value;
}

export async function upsertSettings(db: Queryable, value: Record<string, unknown>): Promise<void> {
  await db.query(
    `insert into server_settings (key, value) values ('trash', $1) on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [JSON.stringify(value)],
  );
}

/** One trash job at a time across replicas: a transaction-free advisory lock on a held client. */
export async function tryJobLock(client: DbClient, key: number): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
  return rows[0]?.locked === true;
}

export async function jobUnlock(client: DbClient, key: number): Promise<void> {
  await client.query('select pg_advisory_unlock($1)', [key]);
}
