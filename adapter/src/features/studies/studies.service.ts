/**
 * Reads of the study index for the list and the viewer. Everything here reads PostgreSQL, never
 * Orthanc, and every query carries the visibility predicate.
 */
import type { Request } from 'express';
import { hiddenStudyFields, type ListResponse, type StudyItem } from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { visibleStudies } from '../../access/visibility.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { optionalInt } from '../../http/input.ts';
import { addStudyFilters, orderBySql, parseOrderBy, STUDY_ORDER, whereBuilder, type OrderTerm } from './studies.query.ts';

/** Up to this many matches are counted exactly; beyond it the planner's estimate is answered. */
export const EXACT_COUNT_LIMIT = 10_000;

export const STUDY_COLUMNS = `st.id, st.study_instance_uid, st.study_date, st.study_time, st.updated_at,
  st.patient_id, st.patient_name, st.patient_birth_date, st.patient_age, st.patient_sex, st.patient_comments,
  st.modalities_in_study, st.body_parts_in_study, st.study_description, st.study_id, st.number_of_series,
  st.number_of_instances, st.accession_number, st.institution_name, st.referring_physician_name,
  st.performing_physician_name, st.ae_title, st.note, st.file_size, st.ctdivols, st.total_dlp, st.report_status,
  (exists (select 1 from share_studies s where s.study_id = st.id and s.expires_at > now())
   or exists (select 1 from share_patients s where s.patient_id = st.patient_id and s.expires_at > now())) as is_shared`;

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
}

/** `20240131` + `093015.123` → `2024-01-31T09:30:15`; '' when the date is missing. */
export function studyDateTime(date: string, time: string): string {
  if (!/^\d{8}$/.test(date)) return '';
  const day = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
  const digits = time
    .replace(/[^0-9]/g, '')
    .padEnd(6, '0')
    .slice(0, 6);
  return `${day}T${digits.slice(0, 2)}:${digits.slice(2, 4)}:${digits.slice(4, 6)}`;
}

export function toStudyItem(row: StudyRow): StudyItem {
  return {
    StudyInstanceUID: row.study_instance_uid,
    StudyDate: row.study_date,
    StudyTime: row.study_time,
    StudyDateTime: studyDateTime(row.study_date, row.study_time),
    UpdatedAt: row.updated_at.toISOString(),
    IsFavorite: row.is_favorite,
    IsShared: row.is_shared,
    ReportStatus: row.report_status,
    PatientID: row.patient_id,
    PatientName: row.patient_name,
    PatientBirthDate: row.patient_birth_date,
    PatientAge: row.patient_age,
    PatientSex: row.patient_sex,
    PatientComments: row.patient_comments,
    ModalitiesInStudy: row.modalities_in_study,
    BodyPartsInStudy: row.body_parts_in_study,
    StudyDescription: row.study_description,
    StudyID: row.study_id,
    NumberOfStudyRelatedSeries: row.number_of_series,
    NumberOfStudyRelatedInstances: row.number_of_instances,
    AccessionNumber: row.accession_number,
    Institution: null,
    InstitutionName: row.institution_name,
    ReferringPhysicianName: row.referring_physician_name,
    PerformingPhysicianName: row.performing_physician_name,
    AETitle: row.ae_title,
    Note: row.note,
    FileSize: row.file_size,
    CTDIvols: row.ctdivols,
    TotalDLP: row.total_dlp,
  };
}

/**
 * The user's configured default order (settings list.orderby.study), appended as a secondary key.
 * Read straight from the stored tree: the list must not pay for loading all settings.
 */
async function defaultStudyOrder(deps: Deps, auth: Auth): Promise<OrderTerm[]> {
  const { rows } = await deps.db.query<{ order: unknown }>(
    `select settings #> '{list,orderby,study}' as order from accounts where id = $1`,
    [auth.accountId],
  );
  const configured = rows[0]?.order;
  const terms: OrderTerm[] = [];
  if (Array.isArray(configured)) {
    for (const item of configured) {
      const key = typeof item?.key === 'string' ? item.key.toLowerCase() : '';
      if (key in STUDY_ORDER) terms.push({ key, desc: item.desc === true });
    }
  }
  return terms.length > 0 ? terms : [{ key: 'studydatetime', desc: true }];
}

/** Fields this caller may not see (spec 1 §6): removed here, so no client can show them. */
export function hiddenFor(deps: Deps, auth: Auth): Set<string> {
  return hiddenStudyFields(deps.config.edition, auth.kind);
}

export function redact<T extends object>(item: T, hidden: Set<string>): T {
  if (hidden.size === 0) return item;
  return Object.fromEntries(Object.entries(item).filter(([key]) => !hidden.has(key))) as T;
}

/** Searching or sorting by a hidden field would reveal it: refused. */
function assertNotHidden(req: Request, hidden: Set<string>): void {
  if (hidden.size === 0) return;
  const lower = new Set([...hidden].map((field) => field.toLowerCase()));
  const keys = [
    ...Object.keys(req.query),
    ...[req.query.orderby].flat().map(
      (term) =>
        String(term ?? '')
          .replace(/^-/, '')
          .split(/[\s+]/)[0] ?? '',
    ),
  ];
  const used = keys.find((key) => lower.has(key.toLowerCase()));
  if (used) throw new AppError('validation_failed', { [used]: 'This field is not available.' }, 'This field is not available.');
}

/** The site's time zone from the configs, else the server's. */
async function siteTimeZone(deps: Deps): Promise<string> {
  const { rows } = await deps.db.query<{ zone: unknown }>(`select value ->> 'time_zone' as zone from configs where key = 'app'`);
  const zone = rows[0]?.zone;
  return (typeof zone === 'string' && zone) || Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export async function searchStudies(deps: Deps, auth: Auth, req: Request): Promise<ListResponse<StudyItem>> {
  const requestedAt = new Date();
  const limit = optionalInt(req, 'limit', 0, 1000, 'query') ?? 100;
  const offset = optionalInt(req, 'offset', 0, 100_000_000, 'query') ?? 0;
  const hidden = hiddenFor(deps, auth);
  assertNotHidden(req, hidden);
  const timeZone = req.query.period ? await siteTimeZone(deps) : 'UTC';

  const where = whereBuilder();
  const visible = visibleStudies(auth, where.params.length + 1);
  where.clauses.push(`(${visible.sql})`);
  where.params.push(...visible.params);
  addStudyFilters(req, where, { timeZone, accountId: auth.accountId });
  const whereSql = where.clauses.join(' and ');

  const requested = parseOrderBy(req, STUDY_ORDER);
  const order = orderBySql([...requested, ...(await defaultStudyOrder(deps, auth))], STUDY_ORDER, 'st.id desc');

  const n = where.params.length;
  const [page, count] = await Promise.all([
    deps.db.query<StudyRow>(
      `select ${STUDY_COLUMNS},
              exists (select 1 from study_favorites f where f.study_id = st.id and f.account_id = $${n + 1}) as is_favorite
         from studies st where ${whereSql} order by ${order} limit $${n + 2} offset $${n + 3}`,
      [...where.params, auth.accountId, limit, offset],
    ),
    countStudies(deps, whereSql, where.params),
  ]);
  return {
    ...count,
    Items: page.rows.map((row) => redact(toStudyItem(row), hidden)),
    Limit: limit,
    Offset: offset,
    RequestedAt: requestedAt.toISOString(),
  };
}

/**
 * How many studies match. An exact count costs a scan of every match, which at 100,000 studies
 * is most of a list request's time; so matches are counted exactly only up to EXACT_COUNT_LIMIT,
 * and a larger total is the planner's estimate ("about 40,000"), flagged for the client.
 */
async function countStudies(deps: Deps, whereSql: string, params: unknown[]): Promise<{ Count: number; CountIsEstimate?: boolean }> {
  const { rows } = await deps.db.query<{ count: number }>(
    `select count(*)::int as count from (select 1 from studies st where ${whereSql} limit ${EXACT_COUNT_LIMIT + 1}) matches`,
    params,
  );
  const exact = rows[0]?.count ?? 0;
  if (exact <= EXACT_COUNT_LIMIT) return { Count: exact };
  const plan = await deps.db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `explain (format json) select 1 from studies st where ${whereSql}`,
    params,
  );
  const estimate = plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? exact;
  return { Count: Math.max(exact, Math.round(estimate)), CountIsEstimate: true };
}

/** Studies the caller may see that match a condition over `st` (find by UID, by accession number). */
export async function findStudies(deps: Deps, auth: Auth, condition: string, value: string): Promise<StudyItem[]> {
  const visible = visibleStudies(auth, 3);
  const { rows } = await deps.db.query<StudyRow>(
    `select ${STUDY_COLUMNS},
            exists (select 1 from study_favorites f where f.study_id = st.id and f.account_id = $1) as is_favorite
       from studies st where ${condition.replace('$value', '$2')} and (${visible.sql})
      order by st.study_date desc, st.study_time desc, st.id desc limit 100`,
    [auth.accountId, value, ...visible.params],
  );
  const hidden = hiddenFor(deps, auth);
  return rows.map((row) => redact(toStudyItem(row), hidden));
}

export async function requireStudy(deps: Deps, auth: Auth, uid: string): Promise<StudyItem> {
  const [study] = await findStudies(deps, auth, 'st.study_instance_uid = $value', uid);
  if (!study) throw new AppError('not_found');
  return study;
}

/** Distinct non-empty values of a study column among the studies the caller may see. */
export async function distinctValues(deps: Deps, auth: Auth, column: string, fromSeries = false): Promise<string[]> {
  const visible = visibleStudies(auth, 1);
  const sql = fromSeries
    ? `select distinct s.${column} as value from series s join studies st on st.id = s.study_id
        where s.${column} <> '' and (${visible.sql}) order by 1 limit 10000`
    : `select distinct st.${column} as value from studies st where st.${column} <> '' and (${visible.sql}) order by 1 limit 10000`;
  const { rows } = await deps.db.query<{ value: string }>(sql, visible.params);
  return rows.map((row) => row.value);
}
