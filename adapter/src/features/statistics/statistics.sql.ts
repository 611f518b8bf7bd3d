/**
 * Every SQL text of statistics: reading the facts the triggers of 024_statistics.sql write, as the
 * per-day tables of the `statistics_days` migration hold them, cut in the site's time zone (`cutDays`
 * first: the service's `siteDay` does it). Periods are days, months or years over [start, end] as
 * local dates. Answers are sparse (periods with facts only); the service fills the empty periods.
 */
import type { Db } from '../../db/pool.ts';
import type { Predicate } from '../../access/visibility.ts';
import type { StatisticsQuery } from '@pacs/common';

/** The period a fact belongs to, as YYYY-MM-DD of its first day. */
interface PeriodRow {
  period: string;
}

class Sql {
  readonly values: unknown[] = [];
  param(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /** The caller's predicate over `f`, renumbered after the parameters so far; 'true' for everyone. */
  scope(predicate: Predicate | null): string {
    if (predicate === null) return 'true';
    const offset = this.values.length;
    this.values.push(...predicate.params);
    return predicate.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  }
}

/** A day column's period and the range filter. */
function dayRange(sql: Sql, query: Pick<StatisticsQuery, 'unit' | 'start' | 'end'>) {
  const unit = sql.param(query.unit);
  const start = sql.param(query.start);
  const end = sql.param(query.end);
  // Grouped by the truncated day and formatted once per group.
  const trunc = `date_trunc(${unit}::text, f.day::timestamp)`;
  return {
    trunc,
    period: `to_char(${trunc}, 'YYYY-MM-DD')`,
    where: `f.day between ${start}::date and ${end}::date`,
  };
}

/**
 * Makes the day tables cut in `timeZone` (the site's): recut from the 15-minute facts when the
 * zone changed since they were cut, a no-op otherwise.
 */
export async function cutDays(db: Db, timeZone: string): Promise<void> {
  await db.query('select statistics_cut_days($1), statistics_cut_association_days($1)', [timeZone]);
}

export interface SizeRow extends PeriodRow {
  added: number;
  added_instances: number;
  deleted: number;
  deleted_instances: number;
}

/** Bytes and instances added and deleted per period. */
export async function sizesByPeriod(db: Db, query: StatisticsQuery, scope: Predicate | null): Promise<SizeRow[]> {
  const sql = new Sql();
  const range = dayRange(sql, query);
  const { rows } = await db.query<SizeRow>(
    `select ${range.period} as period,
            sum(f.added_bytes)::float8 as added, sum(f.added_instances)::float8 as added_instances,
            sum(f.deleted_bytes)::float8 as deleted, sum(f.deleted_instances)::float8 as deleted_instances
       from statistics_data_days f where ${range.where} and ${sql.scope(scope)} group by ${range.trunc}`,
    sql.values,
  );
  return rows;
}

/** Bytes held before `start` (what was added less what was deleted): where capacity starts. */
export async function heldBefore(db: Db, query: StatisticsQuery, scope: Predicate | null): Promise<number> {
  const sql = new Sql();
  const before = `f.day < ${sql.param(query.start)}::date`;
  const { rows } = await db.query<{ held: number | null }>(
    `select sum(f.added_bytes - f.deleted_bytes)::float8 as held from statistics_data_days f where ${before} and ${sql.scope(scope)}`,
    sql.values,
  );
  return rows[0]?.held ?? 0;
}

export interface ModalityRow extends PeriodRow {
  modality: string;
  studies: number;
}

/** Studies per modality and period of their StudyDate (`basis` study) or of their arrival. */
export async function studiesByModality(
  db: Db,
  query: StatisticsQuery,
  scope: Predicate | null,
  options: { basis: 'study' | 'arrival'; modality?: string },
): Promise<ModalityRow[]> {
  const sql = new Sql();
  const modality = options.modality === undefined ? 'true' : `upper(f.modality) = upper(${sql.param(options.modality)})`;
  if (options.basis === 'arrival') {
    const range = dayRange(sql, query);
    const { rows } = await db.query<ModalityRow>(
      `select ${range.period} as period, f.modality, sum(f.studies)::float8 as studies
         from statistics_data_days f where ${range.where} and f.studies > 0 and ${modality} and ${sql.scope(scope)}
        group by ${range.trunc}, f.modality`,
      sql.values,
    );
    return rows;
  }
  const unit = sql.param(query.unit);
  const start = sql.param(query.start);
  const end = sql.param(query.end);
  const { rows } = await db.query<ModalityRow>(
    `select to_char(date_trunc(${unit}::text, f.study_date::timestamp), 'YYYY-MM-DD') as period, f.modality, sum(f.studies)::float8 as studies
       from statistics_study_dates f where f.study_date between ${start}::date and ${end}::date and ${modality} and ${sql.scope(scope)}
      group by date_trunc(${unit}::text, f.study_date::timestamp), f.modality`,
    sql.values,
  );
  return rows;
}

export interface ShareRow extends PeriodRow {
  study: number;
  patient: number;
}

/** Shares created per period; `institution` limits them to those its accounts created. */
export async function sharesByPeriod(db: Db, query: StatisticsQuery, institution: number | null): Promise<ShareRow[]> {
  const sql = new Sql();
  const range = dayRange(sql, query);
  const mine = institution === null ? 'true' : `f.institution = ${sql.param(institution)}`;
  const { rows } = await db.query<ShareRow>(
    `select ${range.period} as period,
            coalesce(sum(f.shares) filter (where f.kind = 'study'), 0)::float8 as study,
            coalesce(sum(f.shares) filter (where f.kind = 'patient'), 0)::float8 as patient
       from statistics_share_days f where ${range.where} and ${mine} group by ${range.trunc}`,
    sql.values,
  );
  return rows;
}

export interface ConnectedRow extends PeriodRow {
  peak: number;
  accounts: number;
}

/** Most web connections at once and distinct accounts per period (everyone's, or one institution's). */
export async function connectionsByPeriod(db: Db, query: StatisticsQuery, institution: number | null): Promise<ConnectedRow[]> {
  const sql = new Sql();
  const range = dayRange(sql, query);
  const who = sql.param(institution ?? -1);
  const { rows } = await db.query<ConnectedRow>(
    `select coalesce(p.period, a.period) as period, coalesce(p.peak, 0)::float8 as peak, coalesce(a.accounts, 0)::float8 as accounts
       from (select ${range.period} as period, max(f.peak) as peak from statistics_web_peak_days f
              where ${range.where} and f.institution = ${who} group by ${range.trunc}) p
       full join (select ${range.period} as period, count(distinct f.account_id) as accounts from statistics_web_account_days f
              where ${range.where} and (${who} = -1 or f.institution = ${who}) group by ${range.trunc}) a on a.period = p.period`,
    sql.values,
  );
  return rows;
}

export interface AssociationRow extends PeriodRow {
  ae_title: string;
  accepted: number;
  rejected: number;
  peak: number;
}

/**
 * An association carries its calling AE title and IP only: the caller's predicate sees it as a
 * fact of that AE title with no institution name and no modality (so targets that narrow by
 * those reach none; docs/decisions.md).
 */
const ASSOCIATION_DAYS = `(select a.*, ''::text as institution_name, ''::text as modality from statistics_association_days a) f`;

/** Associations per period and calling AE title (a period's row per AE title that had any). */
export async function associationsByPeriod(db: Db, query: StatisticsQuery, scope: Predicate | null): Promise<AssociationRow[]> {
  const sql = new Sql();
  const range = dayRange(sql, query);
  const { rows } = await db.query<AssociationRow>(
    `select ${range.period} as period, f.ae_title, sum(f.accepted)::float8 as accepted, sum(f.rejected)::float8 as rejected,
            max(f.peak)::float8 as peak
       from ${ASSOCIATION_DAYS} where ${range.where} and ${sql.scope(scope)} group by ${range.trunc}, f.ae_title order by 1, 2`,
    sql.values,
  );
  return rows;
}

/** The most associations open at once from all callers, per period. */
export async function associationPeaksByPeriod(db: Db, query: StatisticsQuery): Promise<(PeriodRow & { peak: number })[]> {
  const sql = new Sql();
  const range = dayRange(sql, query);
  const { rows } = await db.query<PeriodRow & { peak: number }>(
    `select ${range.period} as period, max(f.peak)::float8 as peak from statistics_association_peak_days f
      where ${range.where} group by ${range.trunc}`,
    sql.values,
  );
  return rows;
}

/** Today's associations by calling AE title, most first. */
export async function associationsToday(db: Db, today: string, scope: Predicate | null): Promise<Omit<AssociationRow, 'period'>[]> {
  const sql = new Sql();
  const since = `f.day >= ${sql.param(today)}::date`;
  const { rows } = await db.query<Omit<AssociationRow, 'period'>>(
    `select f.ae_title, sum(f.accepted)::float8 as accepted, sum(f.rejected)::float8 as rejected, max(f.peak)::float8 as peak
       from ${ASSOCIATION_DAYS} where ${since} and ${sql.scope(scope)}
      group by 1 order by sum(f.accepted + f.rejected) desc, 1 limit 25`,
    sql.values,
  );
  return rows;
}

/** Which of `aeTitles` the caller's predicate reaches (the live list is filtered as the counts are). */
export async function reachableAeTitles(db: Db, aeTitles: string[], scope: Predicate | null): Promise<Set<string>> {
  if (scope === null || aeTitles.length === 0) return new Set(aeTitles);
  const sql = new Sql();
  const list = sql.param(aeTitles);
  const { rows } = await db.query<{ ae_title: string }>(
    `select f.ae_title from (select x as ae_title, ''::text as institution_name, ''::text as modality from unnest(${list}::text[]) x) f
      where ${sql.scope(scope)}`,
    sql.values,
  );
  return new Set(rows.map((row) => row.ae_title));
}

export interface BackfillRow {
  done_at: Date;
  studies: number;
  instances: number;
  bytes: number;
}

export async function selectBackfill(db: Db): Promise<BackfillRow | undefined> {
  const { rows } = await db.query<BackfillRow>(
    'select done_at, studies::float8 as studies, instances::float8 as instances, bytes::float8 as bytes from statistics_backfill where id = 1',
  );
  return rows[0];
}

export interface TodayRow {
  key: string;
  studies: number;
  instances: number;
  bytes: number;
}

/** Today's arrivals (the site's day `today`), grouped by modality or by AE title. */
export async function arrivalsToday(db: Db, today: string, scope: Predicate | null, by: 'modality' | 'ae_title'): Promise<TodayRow[]> {
  const sql = new Sql();
  const since = `f.day >= ${sql.param(today)}::date`;
  const { rows } = await db.query<TodayRow>(
    `select f.${by === 'modality' ? 'modality' : 'ae_title'} as key, sum(f.studies)::float8 as studies,
            sum(f.added_instances)::float8 as instances, sum(f.added_bytes)::float8 as bytes
       from statistics_data_days f where ${since} and ${sql.scope(scope)}
      group by 1 having sum(f.added_instances) > 0 or sum(f.studies) > 0 order by 4 desc, 1 limit 25`,
    sql.values,
  );
  return rows;
}

/** Bytes held now by the caller's scope: every fact's added less deleted. */
export async function heldNow(db: Db, scope: Predicate | null): Promise<number> {
  const sql = new Sql();
  const { rows } = await db.query<{ held: number | null }>(
    `select sum(f.added_bytes - f.deleted_bytes)::float8 as held from statistics_data_days f where ${sql.scope(scope)}`,
    sql.values,
  );
  return rows[0]?.held ?? 0;
}

export interface RecentStudyRow {
  study_instance_uid: string;
  patient_name: string;
  patient_id: string;
  study_date: string;
  modalities_in_study: string[];
  ae_title: string;
  created_at: Date;
}

/** The studies received last that the caller sees (predicate over `st`, parameters from $2). */
export async function recentStudies(db: Db, limit: number, visible: Predicate): Promise<RecentStudyRow[]> {
  const { rows } = await db.query<RecentStudyRow>(
    `select st.study_instance_uid, st.patient_name, st.patient_id, st.study_date, st.modalities_in_study, st.ae_title, st.created_at
       from studies st where ${visible.sql} order by st.created_at desc, st.id desc limit $1`,
    [limit, ...visible.params],
  );
  return rows;
}

export async function countVisibleStudies(db: Db, visible: Predicate): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::float8 as n from studies st where ${visible.sql}`, visible.params);
  return rows[0]?.n ?? 0;
}
