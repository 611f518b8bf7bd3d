/**
 * Every SQL statement of auto-delete (migration 017_auto_delete.sql): the settings row, the runs,
 * and the pages of live studies, oldest first, that the rules walk.
 *
 * A study is live when it is not in the recycle bin and not being deleted. Its age is read by the
 * rule's column: CreatedAt (arrival in the archive) or StudyDate (YYYYMMDD compared as text, which
 * orders like the date; a study without a valid StudyDate uses its arrival date in the site's
 * time zone). Ties are broken by arrival, then by index id, so the order is total and stable.
 */
import type { AutoDeleteColumn, AutoDeleteTrigger } from '@pacs/common';
import type { Db, DbClient } from '../../db/pool.ts';

type Queryable = Db | DbClient;

const SETTINGS_KEY = 'auto_delete';

export async function selectSettings(db: Queryable): Promise<unknown> {
  const { rows } = await db.query<{ value: unknown }>('select value from server_settings where key = $1', [SETTINGS_KEY]);
  return rows[0]?.value;
}

export async function upsertSettings(db: Queryable, value: object): Promise<void> {
  await db.query(
    `insert into server_settings (key, value) values ($1, $2)
     on conflict (key) do update set value = excluded.value, updated_at = now()`,
    [SETTINGS_KEY, JSON.stringify(value)],
  );
}

// ---------------------------------------------------------------- the studies a rule walks

/** Which live studies a page holds. */
export type RuleFilter = { kind: 'older_than_days'; days: number } | { kind: 'beyond_newest'; keep: number } | { kind: 'all' };

export interface CandidateRow {
  id: string;
  file_size: string;
  draft: boolean;
  shared: boolean;
}

/**
 * One page of live studies matching a rule, oldest first by `column`, leaving out `excluded` (what
 * earlier rules of the run picked). Each row says whether it has a report in Draft and whether a
 * live share (a study share, or a patient share whose modalities it has) reaches it.
 * Parameters: $1 time zone, $2 excluded ids, $3 limit, $4 offset, $5 the rule's number.
 */
export async function selectCandidates(
  db: Queryable,
  page: { column: AutoDeleteColumn; timeZone: string; filter: RuleFilter; excluded: readonly number[]; limit: number; offset: number },
): Promise<CandidateRow[]> {
  const age =
    page.column === 'StudyDate'
      ? `case when st.study_date ~ '^[0-9]{8}$' then st.study_date else to_char(st.created_at at time zone $1, 'YYYYMMDD') end`
      : 'st.created_at';
  const cutoff =
    page.column === 'StudyDate' ? `to_char((now() at time zone $1)::date - $5::int, 'YYYYMMDD')` : 'now() - make_interval(days => $5::int)';
  const where =
    page.filter.kind === 'older_than_days'
      ? `age_key < ${cutoff}`
      : page.filter.kind === 'beyond_newest'
        ? 'newest_rank > $5::int'
        : 'true';
  const rank =
    page.filter.kind === 'beyond_newest' ? ', row_number() over (order by age_key desc, created_at desc, id desc) as newest_rank' : '';
  const { rows } = await db.query<CandidateRow>(
    `with live as (
       select st.id, st.file_size, st.created_at, st.report_status, st.patient_id, st.modalities_in_study, ${age} as age_key
         from studies st
        where st.trashed_at is null and st.deleting_at is null and not (st.id = any($2::bigint[])) and $1::text is not null
     ), ranked as (select live.*${rank} from live)
     select r.id::text, r.file_size::text, (r.report_status = 'Draft') as draft,
            (exists (select 1 from share_studies sh where sh.study_id = r.id and sh.expires_at > now())
             or exists (select 1 from share_patients sh where sh.patient_id = r.patient_id and sh.expires_at > now()
                         and (cardinality(sh.modalities) = 0 or r.modalities_in_study && sh.modalities))) as shared
       from ranked r
      where ${where} and $5::int is not null
      order by r.age_key, r.created_at, r.id
      limit $3 offset $4`,
    [
      page.timeZone,
      page.excluded,
      page.limit,
      page.offset,
      page.filter.kind === 'older_than_days' ? page.filter.days : page.filter.kind === 'beyond_newest' ? page.filter.keep : 0,
    ],
  );
  return rows;
}

/** Bytes of everything in the recycle bin: on disk until deleted for good, but already on its way out. */
export async function selectBinBytes(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ size: string }>(
    `select coalesce(sum(i.file_size), 0)::text as size
       from instances i join series s on s.id = i.series_id join studies st on st.id = s.study_id
      where st.trashed_at is not null or s.trashed_at is not null or i.trashed_at is not null`,
  );
  return Number(rows[0]?.size ?? 0);
}

// ---------------------------------------------------------------- runs

/**
 * Starts a run. A daily run names its site-local date; a second one for the same date inserts
 * nothing and answers undefined (it already ran, on this replica or another).
 */
export async function insertRun(
  db: Queryable,
  run: { trigger: AutoDeleteTrigger; runDate: string | null; accountId: string | null; settings: object; deleteNow: boolean },
): Promise<number | undefined> {
  const { rows } = await db.query<{ no: string }>(
    `insert into auto_delete_runs (trigger, run_date, account_id, settings, delete_now) values ($1, $2, $3, $4, $5)
     on conflict (run_date) where trigger = 'schedule' do nothing returning no`,
    [run.trigger, run.runDate, run.accountId, JSON.stringify(run.settings), run.deleteNow],
  );
  return rows[0] ? Number(rows[0].no) : undefined;
}

export interface RunCounts {
  studies: number;
  fileSize: number;
  byLifetime: number;
  byNumberOfStudies: number;
  byCapacity: number;
  keptDraftReport: number;
  keptShared: number;
  diskUsage: number | null;
  trashRun: number | null;
  error: string | null;
}

export async function finishRun(db: Queryable, no: number, counts: RunCounts): Promise<void> {
  await db.query(
    `update auto_delete_runs set finished_at = now(), studies = $2, file_size = $3, by_lifetime = $4, by_number_of_studies = $5,
            by_capacity = $6, kept_draft_report = $7, kept_shared = $8, disk_usage = $9, trash_run = $10, error = $11
      where no = $1`,
    [
      no,
      counts.studies,
      counts.fileSize,
      counts.byLifetime,
      counts.byNumberOfStudies,
      counts.byCapacity,
      counts.keptDraftReport,
      counts.keptShared,
      counts.diskUsage,
      counts.trashRun,
      counts.error,
    ],
  );
}

export interface RunRow {
  no: string;
  trigger: AutoDeleteTrigger;
  account_id: string | null;
  started_at: Date;
  finished_at: Date | null;
  settings: unknown;
  delete_now: boolean;
  studies: number;
  file_size: string;
  by_lifetime: number;
  by_number_of_studies: number;
  by_capacity: number;
  kept_draft_report: number;
  kept_shared: number;
  disk_usage: string | null;
  trash_run: string | null;
  error: string | null;
}

export async function selectRun(db: Queryable, no: number): Promise<RunRow | undefined> {
  const { rows } = await db.query<RunRow>('select * from auto_delete_runs where no = $1', [no]);
  return rows[0];
}

/** A page of runs, newest first, with how many there are. */
export async function selectRuns(db: Queryable, limit: number, offset: number): Promise<{ rows: RunRow[]; count: number }> {
  const { rows } = await db.query<RunRow>('select * from auto_delete_runs order by started_at desc, no desc limit $1 offset $2', [
    limit,
    offset,
  ]);
  const { rows: total } = await db.query<{ count: number }>('select count(*)::int as count from auto_delete_runs');
  return { rows, count: total[0]?.count ?? 0 };
}

// ---------------------------------------------------------------- one run at a time

/** A session advisory lock on a held client: one run at a time across replicas. */
export async function tryRunLock(client: DbClient, key: number): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
  return rows[0]?.locked === true;
}

export async function runUnlock(client: DbClient, key: number): Promise<void> {
  await client.query('select pg_advisory_unlock($1)', [key]);
}
