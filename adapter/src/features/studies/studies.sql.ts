/**
 * Turns a parsed study search (`@pacs/common` study-search.ts: the grammar, parsed once at the
 * route) into SQL over the study index: filters, period shortcuts and ORDER BY. Every value
 * becomes a bound parameter; columns come from fixed tables keyed by the parsed, typed keys.
 */
import {
  parseOrderTerms,
  parseStudySearch,
  queryValues,
  type OrderTerm,
  type StudyDateFilter,
  type StudyListFilter,
  type StudyOrderKey,
  type StudySearch,
  type StudyTextFilter,
  type StudyWorklistEntry,
} from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { visibleSeries, visibleStudies } from '../../access/visibility.sql.ts';
import { transaction, type Db } from '../../db/pool.ts';
import { AppError } from '../../http/errors.ts';
import { ownValue } from '../../http/input.ts';

export interface WhereBuilder {
  clauses: string[];
  params: unknown[];
  /** Adds a parameter and answers its placeholder. */
  param(value: unknown): string;
}

export function whereBuilder(firstParams: unknown[] = []): WhereBuilder {
  const builder: WhereBuilder = {
    clauses: [],
    params: [...firstParams],
    param(value) {
      builder.params.push(value);
      return `$${builder.params.length}`;
    },
  };
  return builder;
}

/** The column each text filter searches; the SQL is upper-cased, as the search terms are. */
const TEXT_COLUMNS: Record<StudyTextFilter, string> = {
  patientid: 'upper(st.patient_id)',
  patientname: 'st.search_patient_name',
  accessionnumber: 'upper(st.accession_number)',
  studydescription: 'upper(st.study_description)',
  studyid: 'upper(st.study_id)',
  referringphysicianname: 'upper(st.referring_physician_name)',
  performingphysicianname: 'upper(st.performing_physician_name)',
  institutionname: 'upper(st.institution_name)',
  aetitle: 'upper(st.ae_title)',
  patientcomments: 'upper(st.patient_comments)',
  note: 'upper(st.note)',
  patientsex: 'upper(st.patient_sex)',
  reportstatus: 'upper(st.report_status)',
};

const LIST_COLUMNS: Record<StudyListFilter, string> = {
  modalitiesinstudy: 'st.modalities_in_study',
  bodypartsinstudy: 'st.body_parts_in_study',
};

const DATE_COLUMNS: Record<StudyDateFilter, string> = {
  studydate: 'st.study_date',
  patientbirthdate: 'st.patient_birth_date',
};

export const STUDY_ORDER: Record<StudyOrderKey, string[]> = {
  // Study date-time sorts by date, then time.
  studydatetime: ['st.study_date', 'st.study_time'],
  studydate: ['st.study_date'],
  studytime: ['st.study_time'],
  patientid: ['st.patient_id'],
  patientname: ['st.search_patient_name'],
  patientbirthdate: ['st.patient_birth_date'],
  patientsex: ['st.patient_sex'],
  patientage: ['st.patient_age'],
  accessionnumber: ['st.accession_number'],
  studydescription: ['st.study_description'],
  studyid: ['st.study_id'],
  modalitiesinstudy: ['st.modalities_in_study'],
  bodypartsinstudy: ['st.body_parts_in_study'],
  numberofstudyrelatedseries: ['st.number_of_series'],
  numberofstudyrelatedinstances: ['st.number_of_instances'],
  institutionname: ['st.institution_name'],
  referringphysicianname: ['st.referring_physician_name'],
  performingphysicianname: ['st.performing_physician_name'],
  aetitle: ['st.ae_title'],
  updatedat: ['st.updated_at'],
  filesize: ['st.file_size'],
  note: ['st.note'],
  totaldlp: ['st.total_dlp'],
  reportstatus: ['st.report_status'],
};

/** Escapes LIKE metacharacters, then turns the user's `*` and `%` wildcards into `%`. */
export function likePattern(value: string): string {
  return value.replace(/[\\_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

/** Parses the study search of a request's query once (`@pacs/common`'s grammar); 400 when it is wrong. */
export function studySearchFrom(query: Record<string, unknown>): StudySearch {
  const parsed = parseStudySearch(query);
  if (!parsed.ok) throw new AppError('validation_failed', parsed.problems);
  return parsed.value;
}

/** Repeated `orderby` of a series or instance list, against that list's keys; 400 for an unknown key. */
export function orderTermsFrom<K extends string>(query: Record<string, unknown>, allowed: Record<K, string[]>): OrderTerm<K>[] {
  const parsed = parseOrderTerms(queryValues(query.orderby), Object.keys(allowed) as K[]);
  if (!parsed.ok) throw new AppError('validation_failed', parsed.problems);
  return parsed.value;
}

/** Adds the study-level filters of a search to `where`. */
export function addStudyFilters(search: StudySearch, where: WhereBuilder, options: { timeZone: string; accountId: string }): void {
  for (const { key, term } of search.text) {
    const column = TEXT_COLUMNS[key];
    // No wildcard: a perfect match. With wildcards: partial, forward or backward.
    if (term.includes('%')) where.clauses.push(`${column} like ${where.param(likePattern(term))}`);
    else where.clauses.push(`${column} = ${where.param(term)}`);
  }
  for (const { key, values } of search.lists) where.clauses.push(`${LIST_COLUMNS[key]} && ${where.param(values)}::text[]`);
  for (const { key, from, to } of search.dates) {
    if (from) where.clauses.push(`${DATE_COLUMNS[key]} >= ${where.param(from)}`);
    if (to) where.clauses.push(`${DATE_COLUMNS[key]} <= ${where.param(to)}`);
  }
  if (search.period) addPeriod(search.period, where, options.timeZone);
  if (search.favoritesOnly) {
    where.clauses.push(
      `exists (select 1 from study_favorites f where f.study_id = st.id and f.account_id = ${where.param(options.accountId)})`,
    );
  }
  if (search.updatedAfter) where.clauses.push(`st.updated_at > ${where.param(search.updatedAfter)}`);
}

/** Only the studies with these StudyInstanceUIDs (a selection): replaces the search's filters. */
export function addUidFilter(where: WhereBuilder, uids: readonly string[]): void {
  where.clauses.push(`st.study_instance_uid = any(${where.param(uids)}::text[])`);
}

/** Search shortcuts (spec 2 §2): today, yesterday, pastweek, in the site's time zone. */
function addPeriod(period: NonNullable<StudySearch['period']>, where: WhereBuilder, timeZone: string): void {
  const today = `(now() at time zone ${where.param(timeZone)}::text)::date`;
  const day = (offset: number) => `to_char(${today} - ${offset}, 'YYYYMMDD')`;
  switch (period) {
    case 'today':
      where.clauses.push(`st.study_date = ${day(0)}`);
      return;
    case 'yesterday':
      where.clauses.push(`st.study_date = ${day(1)}`);
      return;
    case 'pastweek':
      where.clauses.push(`st.study_date between ${day(6)} and ${day(0)}`);
      return;
  }
}

/** ORDER BY for a list of terms, each key once, then a stable tie-breaker. */
export function orderBySql(terms: readonly OrderTerm[], allowed: Record<string, string[]>, tieBreaker: string): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const term of terms) {
    if (seen.has(term.key)) continue;
    seen.add(term.key);
    for (const column of ownValue(allowed, term.key) ?? []) parts.push(`${column} ${term.desc ? 'desc' : 'asc'}`);
  }
  parts.push(tieBreaker);
  return parts.join(', ');
}

/** Up to this many matches are counted exactly; beyond it the planner's estimate is answered. */
export const EXACT_COUNT_LIMIT = 10_000;

export const STUDY_COLUMNS = `st.id, st.study_instance_uid, st.study_date, st.study_time, st.updated_at,
  st.patient_id, st.patient_name, st.patient_birth_date, st.patient_age, st.patient_sex, st.patient_comments,
  st.modalities_in_study, st.body_parts_in_study, st.study_description, st.study_id, st.number_of_series,
  st.number_of_instances, st.accession_number, st.institution_name, st.referring_physician_name,
  st.performing_physician_name, st.ae_title, st.note, st.file_size, st.ctdivols, st.total_dlp, st.report_status,
  (exists (select 1 from share_studies s where s.study_id = st.id and s.expires_at > now())
   or exists (select 1 from share_patients s where s.patient_id = st.patient_id and s.expires_at > now())) as is_shared`;

/**
 * The worklist entry a study was performed for (docs/decisions.md "Modality worklist"): the newest
 * not deleted, as one JSON value. One probe of the performed-study index per listed row, so it is
 * asked for only by callers who may see worklist entries.
 */
export const WORKLIST_ENTRY_COLUMN = `(select json_build_object('UID', w.study_instance_uid, 'Status', w.status,
    'AccessionNumber', w.accession_number, 'RequestedProcedureDescription', w.requested_procedure_description,
    'Modality', w.modality, 'ScheduledDate', w.scheduled_date, 'ScheduledTime', w.scheduled_time)
   from worklist_entries w
  where w.performed_study_instance_uid = st.study_instance_uid and w.status <> 'deleted'
  order by w.started_at desc nulls last, w.id desc limit 1) as worklist_entry`;

/** The list's columns, with the performed-for worklist entry when the caller may see it. */
function listColumns(withWorklist: boolean): string {
  return withWorklist ? `${STUDY_COLUMNS}, ${WORKLIST_ENTRY_COLUMN}` : STUDY_COLUMNS;
}

export interface StudyRow {
  id: number;
  study_instance_uid: string;
  study_date: string;
  study_time: string;
  updated_at: Date;
  patient_id: string;
  patient_name: string;
  patient_birth_date: string;
  patient_age: string;
  patient_sex: string;
  patient_comments: string;
  modalities_in_study: string[];
  body_parts_in_study: string[];
  study_description: string;
  study_id: string;
  number_of_series: number;
  number_of_instances: number;
  accession_number: string;
  institution_name: string;
  referring_physician_name: string;
  performing_physician_name: string;
  ae_title: string;
  note: string;
  file_size: number;
  ctdivols: number[];
  total_dlp: number | null;
  report_status: string;
  is_shared: boolean;
  is_favorite: boolean;
  /** Only when asked for (`withWorklist`): the entry, or null when none. */
  worklist_entry?: StudyWorklistEntry | null;
}

export type { OrderTerm };

/** The user's configured default order (settings list.orderby.study), read straight from the stored tree. */
export async function storedStudyOrder(db: Db, accountId: string): Promise<unknown> {
  const { rows } = await db.query<{ order: unknown }>(`select settings #> '{list,orderby,study}' as order from accounts where id = $1`, [
    accountId,
  ]);
  return rows[0]?.order;
}

export async function selectStudyPage(
  db: Db,
  page: { whereSql: string; params: unknown[]; order: string; accountId: string; limit: number; offset: number; withWorklist: boolean },
): Promise<StudyRow[]> {
  const n = page.params.length;
  const { rows } = await db.query<StudyRow>(
    `select ${listColumns(page.withWorklist)},
            exists (select 1 from study_favorites f where f.study_id = st.id and f.account_id = $${n + 1}) as is_favorite
       from studies st where ${page.whereSql} order by ${page.order} limit $${n + 2} offset $${n + 3}`,
    [...page.params, page.accountId, page.limit, page.offset],
  );
  return rows;
}

/**
 * Every matching study, up to `limit`, handed to `onBatch` a few hundred rows at a time through a
 * cursor in one read-only transaction: a download of thousands of rows never sits in memory whole,
 * and `onBatch` (which waits for the socket) paces the reads.
 */
export async function streamStudyRows(
  db: Db,
  query: { whereSql: string; params: unknown[]; order: string; accountId: string; limit: number },
  onBatch: (rows: StudyRow[]) => Promise<void>,
  batchSize = 500,
): Promise<void> {
  const n = query.params.length;
  await transaction(db, async (client) => {
    await client.query('set transaction read only');
    await client.query(
      `declare study_csv no scroll cursor for
       select ${STUDY_COLUMNS},
              exists (select 1 from study_favorites f where f.study_id = st.id and f.account_id = $${n + 1}) as is_favorite
         from studies st where ${query.whereSql} order by ${query.order} limit $${n + 2}`,
      [...query.params, query.accountId, query.limit],
    );
    for (;;) {
      const { rows } = await client.query<StudyRow>(`fetch ${batchSize} from study_csv`);
      if (rows.length > 0) await onBatch(rows);
      if (rows.length < batchSize) break;
    }
  });
}

/**
 * How many studies match. An exact count costs a scan of every match, which at 100,000 studies
 * is most of a list request's time; so matches are counted exactly only up to EXACT_COUNT_LIMIT,
 * and a larger total is the planner's estimate ("about 40,000"), flagged for the client.
 */
export async function countStudies(db: Db, whereSql: string, params: unknown[]): Promise<{ Count: number; CountIsEstimate?: boolean }> {
  const { rows } = await db.query<{ count: number }>(
    `select count(*)::int as count from (select 1 from studies st where ${whereSql} limit ${EXACT_COUNT_LIMIT + 1}) matches`,
    params,
  );
  const exact = rows[0]?.count ?? 0;
  if (exact <= EXACT_COUNT_LIMIT) return { Count: exact };
  const plan = await db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) select 1 from studies st where ${whereSql}`,
    params,
  );
  const estimate = plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? exact;
  return { Count: Math.max(exact, Math.round(estimate)), CountIsEstimate: true };
}

const STUDY_KEYS = { uid: 'st.study_instance_uid', accession: 'st.accession_number' } as const;
export type StudyKey = keyof typeof STUDY_KEYS;

/** Studies the caller may see by UID or accession number, newest first (at most 100). */
export async function selectVisibleStudiesBy(db: Db, auth: Auth, by: StudyKey, value: string, withWorklist = false): Promise<StudyRow[]> {
  const visible = visibleStudies(auth, 3);
  const { rows } = await db.query<StudyRow>(
    `select ${listColumns(withWorklist)},
            exists (select 1 from study_favorites f where f.study_id = st.id and f.account_id = $1) as is_favorite
       from studies st where ${STUDY_KEYS[by]} = $2 and (${visible.sql})
      order by st.study_date desc, st.study_time desc, st.id desc limit 100`,
    [auth.accountId, value, ...visible.params],
  );
  return rows;
}

/** The list's lookups: the column each reads and the field that, hidden, hides it. */
export const LOOKUPS = {
  performingphysiciannames: { column: 'st.performing_physician_name', field: 'PerformingPhysicianName', fromSeries: false },
  referringphysiciannames: { column: 'st.referring_physician_name', field: 'ReferringPhysicianName', fromSeries: false },
  institutionnames: { column: 'st.institution_name', field: 'InstitutionName', fromSeries: false },
  aetitles: { column: 'st.ae_title', field: 'AETitle', fromSeries: false },
  bodyparts: { column: 's.body_part_examined', field: 'BodyPartExamined', fromSeries: true },
} as const;
export type Lookup = keyof typeof LOOKUPS;

/** Distinct non-empty values of a lookup among the studies the caller may see. */
export async function selectDistinct(db: Db, auth: Auth, lookup: Lookup): Promise<string[]> {
  const { column, fromSeries } = LOOKUPS[lookup];
  const visible = visibleStudies(auth, 1);
  const text = fromSeries
    ? `select distinct ${column} as value from series s join studies st on st.id = s.study_id
        where ${column} <> '' and (${visible.sql}) order by 1 limit 10000`
    : `select distinct ${column} as value from studies st where ${column} <> '' and (${visible.sql}) order by 1 limit 10000`;
  const { rows } = await db.query<{ value: string }>(text, visible.params);
  return rows.map((row) => row.value);
}

export async function updateNote(db: Db, studyId: number, note: string): Promise<void> {
  await db.query('update studies set note = $2, updated_at = now() where id = $1', [studyId, note]);
}

export async function setFavorite(db: Db, accountId: string, studyId: number, favorite: boolean): Promise<void> {
  if (favorite)
    await db.query(`insert into study_favorites (account_id, study_id) values ($1, $2) on conflict do nothing`, [accountId, studyId]);
  else await db.query(`delete from study_favorites where account_id = $1 and study_id = $2`, [accountId, studyId]);
}

export const SERIES_ORDER = {
  seriesnumber: ['s.series_number'],
  seriesdescription: ['s.series_description'],
  modality: ['s.modality'],
  bodypartexamined: ['s.body_part_examined'],
  seriesdatetime: ['s.series_date', 's.series_time'],
  seriesdate: ['s.series_date'],
  seriestime: ['s.series_time'],
  numberofseriesrelatedinstances: ['s.number_of_instances'],
  updatedat: ['s.updated_at'],
};

export const INSTANCE_ORDER = {
  instancenumber: ['i.instance_number'],
  numberofframes: ['i.number_of_frames'],
  filesize: ['i.file_size'],
  sopinstanceuid: ['i.sop_instance_uid'],
};

/** The instance list's default order: the series list names its first instance by the same. */
const FIRST_INSTANCE_ORDER = 'i.instance_number asc nulls last, i.id asc';

interface SeriesRow {
  series_instance_uid: string;
  series_number: number | null;
  series_description: string;
  modality: string;
  body_part_examined: string;
  series_date: string;
  series_time: string;
  number_of_instances: number;
  updated_at: Date;
  ctdivol: number | null;
  dlp: number | null;
  file_size: number;
  first_sop_instance_uid: string | null;
}

/** The series of one study that the caller sees (a role limited by modality sees those of its modalities). */
export async function selectSeries(db: Db, auth: Auth, studyId: number, terms: readonly OrderTerm[]): Promise<SeriesRow[]> {
  const order = orderBySql(terms, SERIES_ORDER, 's.series_number asc nulls last, s.id asc');
  const visible = visibleSeries(auth, 2);
  const { rows } = await db.query<SeriesRow>(
    `select s.series_instance_uid, s.series_number, s.series_description, s.modality, s.body_part_examined,
            s.series_date, s.series_time, s.number_of_instances, s.updated_at, s.ctdivol, s.dlp, s.file_size,
            (select i.sop_instance_uid from instances i where i.series_id = s.id and i.trashed_at is null
              order by ${FIRST_INSTANCE_ORDER} limit 1) as first_sop_instance_uid
       from series s join studies st on st.id = s.study_id where s.study_id = $1 and (${visible.sql}) order by ${order}`,
    [studyId, ...visible.params],
  );
  return rows;
}

interface InstanceRow {
  sop_instance_uid: string;
  instance_number: number | null;
  number_of_frames: number;
  file_size: number;
  study_instance_uid: string;
}

/** The instances of a series, when the caller sees the series. */
export async function selectInstances(db: Db, auth: Auth, seriesUid: string, terms: readonly OrderTerm[]): Promise<InstanceRow[]> {
  const order = orderBySql(terms, INSTANCE_ORDER, FIRST_INSTANCE_ORDER);
  const visible = visibleSeries(auth, 2);
  const { rows } = await db.query<InstanceRow>(
    `select i.sop_instance_uid, i.instance_number, i.number_of_frames, i.file_size, st.study_instance_uid
       from instances i join series s on s.id = i.series_id join studies st on st.id = s.study_id
      where s.series_instance_uid = $1 and i.trashed_at is null and (${visible.sql}) order by ${order}`,
    [seriesUid, ...visible.params],
  );
  return rows;
}

/** One CSV download, for the audit log: who, which studies (selection or search), how many rows. */
export async function insertCsvDownload(
  db: Db,
  download: { accountId: string; selectedUids: readonly string[] | null; search: unknown; rows: number; truncated: boolean },
): Promise<void> {
  await db.query('insert into csv_downloads (account_id, selected_uids, search, rows, truncated) values ($1, $2, $3, $4, $5)', [
    download.accountId,
    download.selectedUids,
    JSON.stringify(download.search),
    download.rows,
    download.truncated,
  ]);
}
