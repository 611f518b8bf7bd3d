/**
 * Reads of the study index for the list and the viewer. Everything here reads PostgreSQL, never
 * Orthanc, and every query carries the visibility predicate.
 */
import {
  CSV_BOM,
  csvFileName,
  csvLine,
  hasPermission,
  hiddenStudyFields,
  isOnPremises,
  studyCsvCell,
  type InstanceItem,
  type ListResponse,
  type SeriesItem,
  type StudyItem,
  type StudySearch,
} from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import { visibleStudies } from '../../access/visibility.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { requireVisibleStudy } from '../../access/visibility.ts';
import { siteTimeZone, touchHeartbeatMarker } from '../../db/site.ts';
import { readConfigs } from '../configs/configs.service.ts';
import { loadSettings } from '../settings/settings.service.ts';
import * as sql from './studies.sql.ts';
import { addStudyFilters, orderBySql, STUDY_ORDER, whereBuilder, type OrderTerm, type StudyRow } from './studies.sql.ts';

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
    ...(row.worklist_entry !== undefined ? { WorklistEntry: row.worklist_entry } : {}),
  };
}

/**
 * Whether the caller may see the order a study was performed for: worklist entries are the
 * worklist's data (permission `mwm`, on-premises editions), so a list user without it sees the
 * study alone. The study itself has already passed the visibility predicate.
 */
export function seesWorklist(deps: Deps, auth: Auth): boolean {
  return (
    isOnPremises(deps.config.edition) &&
    hasPermission({ permissions: auth.permissions, edition: deps.config.edition, kind: auth.kind }, 'mwm')
  );
}

/**
 * The user's configured default order (settings list.orderby.study), appended as a secondary key.
 * Read straight from the stored tree: the list must not pay for loading all settings.
 */
async function defaultStudyOrder(deps: Deps, auth: Auth): Promise<OrderTerm[]> {
  const configured = await sql.storedStudyOrder(deps.db, auth.accountId);
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
function assertNotHidden(search: StudySearch, hidden: Set<string>): void {
  if (hidden.size === 0) return;
  const lower = new Set([...hidden].map((field) => field.toLowerCase()));
  const used = search.fields.find((key) => lower.has(key.toLowerCase()));
  if (used) throw new AppError('validation_failed', { [used]: 'This field is not available.' }, 'This field is not available.');
}

/** One page of the study list: a parsed search, paged. */
export interface StudyListRequest {
  search: StudySearch;
  limit: number;
  offset: number;
}

/** The visibility predicate, then the search's filters (or, given UIDs, only those studies). */
async function studyWhere(
  deps: Deps,
  auth: Auth,
  search: StudySearch,
  uids?: readonly string[],
): Promise<{ whereSql: string; params: unknown[] }> {
  const where = whereBuilder();
  const visible = visibleStudies(auth, where.params.length + 1);
  where.clauses.push(`(${visible.sql})`);
  where.params.push(...visible.params);
  if (uids) sql.addUidFilter(where, uids);
  else {
    const timeZone = search.period ? await siteTimeZone(deps.db) : 'UTC';
    addStudyFilters(search, where, { timeZone, accountId: auth.accountId });
  }
  return { whereSql: where.clauses.join(' and '), params: where.params };
}

export async function searchStudies(deps: Deps, auth: Auth, { search, limit, offset }: StudyListRequest): Promise<ListResponse<StudyItem>> {
  const requestedAt = new Date();
  const hidden = hiddenFor(deps, auth);
  assertNotHidden(search, hidden);
  const { whereSql, params } = await studyWhere(deps, auth, search);
  const order = orderBySql([...search.order, ...(await defaultStudyOrder(deps, auth))], STUDY_ORDER, 'st.id desc');

  const [page, count] = await Promise.all([
    sql.selectStudyPage(deps.db, {
      whereSql,
      params,
      order,
      accountId: auth.accountId,
      limit,
      offset,
      withWorklist: seesWorklist(deps, auth),
    }),
    sql.countStudies(deps.db, whereSql, params),
  ]);
  return {
    ...count,
    Items: page.map((row) => redact(toStudyItem(row), hidden)),
    Limit: limit,
    Offset: offset,
    RequestedAt: requestedAt.toISOString(),
  };
}

/** A CSV download: the current search, or selected studies, in the list's order. */
export interface StudyCsvInput {
  search: StudySearch;
  /** Selected studies; those the caller does not see are left out without a word (as in the list). */
  uids?: readonly string[] | undefined;
  /** Column titles the client shows, by key; a column without one is titled by its stored label. */
  titles: Readonly<Record<string, string>>;
  /** At most this many rows (CSV_ROW_LIMIT or lower). */
  limit: number;
}

/** Where the CSV goes: `start` before the first byte (headers), `write` resolves when the chunk may be followed. */
export interface CsvSink {
  start(meta: { fileName: string; rows: number; limit: number; truncated: boolean }): void;
  write(chunk: string): Promise<void>;
}

/**
 * The list as CSV (spec 2 §2 toolbar csv): the columns and header flag of the caller's settings
 * (list.fields.csv, list.csv.has_header), minus fields the caller may not see; cells as the list
 * shows them in the site's date format and time zone (configs); UTF-8 with a BOM. Rows stream from
 * a cursor. Everything that can refuse the request (search, hidden fields, settings) runs before
 * `start`, so a refusal is still a JSON error answer.
 */
export async function writeStudiesCsv(deps: Deps, auth: Auth, input: StudyCsvInput, sink: CsvSink): Promise<void> {
  if (!hasPermission({ permissions: auth.permissions, edition: deps.config.edition, kind: auth.kind }, 'list_csv'))
    throw new AppError('forbidden');
  const hidden = hiddenFor(deps, auth);
  assertNotHidden(input.search, hidden);
  const [settings, configs] = await Promise.all([loadSettings(deps.db, auth.accountId), readConfigs(deps.db)]);
  const columns = settings.list.fields.csv.filter((column) => column.is_visible && !hidden.has(column.key));
  const format = { dateFormat: configs.date_format, timeZone: configs.time_zone || undefined, nameForm: configs.patient_name.ja };

  const { whereSql, params } = await studyWhere(deps, auth, input.search, input.uids);
  const order = orderBySql([...input.search.order, ...(await defaultStudyOrder(deps, auth))], STUDY_ORDER, 'st.id desc');
  // CSV_ROW_LIMIT ≤ EXACT_COUNT_LIMIT: the count is exact wherever the bound is in question.
  const { Count } = await sql.countStudies(deps.db, whereSql, params);
  // Recorded before the first byte: a download cut short still took rows out.
  await sql.insertCsvDownload(deps.db, {
    accountId: auth.accountId,
    selectedUids: input.uids ?? null,
    search: input.search,
    rows: Math.min(Count, input.limit),
    truncated: Count > input.limit,
  });
  sink.start({
    fileName: csvFileName(new Date(), format.timeZone),
    rows: Math.min(Count, input.limit),
    limit: input.limit,
    truncated: Count > input.limit,
  });

  let head = CSV_BOM;
  if (settings.list.csv.has_header) head += csvLine(columns.map((column) => input.titles[column.key] || column.label || column.key));
  await sink.write(head);
  await sql.streamStudyRows(deps.db, { whereSql, params, order, accountId: auth.accountId, limit: input.limit }, (rows) =>
    sink.write(
      rows
        .map((row) => {
          const item = redact(toStudyItem(row), hidden);
          return csvLine(columns.map((column) => studyCsvCell(column.key, item, format)));
        })
        .join(''),
    ),
  );
}

export async function requireStudy(deps: Deps, auth: Auth, uid: string): Promise<StudyItem> {
  const [study] = await findStudies(deps, auth, 'uid', uid);
  if (!study) throw new AppError('not_found');
  return study;
}

/** Studies the caller may see by UID (twins: several) or by accession number, newest first. */
export async function findStudies(deps: Deps, auth: Auth, by: sql.StudyKey, value: string): Promise<StudyItem[]> {
  const rows = await sql.selectVisibleStudiesBy(deps.db, auth, by, value, seesWorklist(deps, auth));
  const hidden = hiddenFor(deps, auth);
  return rows.map((row) => redact(toStudyItem(row), hidden));
}

/** Sorted distinct values of a lookup among the studies the caller may see; a hidden field is refused. */
export async function lookupValues(deps: Deps, auth: Auth, lookup: sql.Lookup): Promise<string[]> {
  if (hiddenFor(deps, auth).has(sql.LOOKUPS[lookup].field)) throw new AppError('forbidden');
  return sql.selectDistinct(deps.db, auth, lookup);
}

export interface StudyUpdate {
  uid: string;
  favorite: boolean | undefined;
  note: string | undefined;
}

/** Sets a favourite (per user) or the note (shared; needs list_note) of a study the caller sees. */
export async function updateStudy(deps: Deps, auth: Auth, { uid, favorite, note }: StudyUpdate): Promise<StudyItem> {
  const study = await requireStudy(deps, auth, uid);
  // Twins share the UID: only the one this caller sees (requireVisibleStudy's pick) changes.
  const studyId = await requireVisibleStudy(deps.db, auth, uid);
  if (note !== undefined) {
    if (!hasPermission({ permissions: auth.permissions, edition: deps.config.edition, kind: auth.kind }, 'list_note'))
      throw new AppError('forbidden');
    await sql.updateNote(deps.db, studyId, note);
    await touchHeartbeatMarker(deps.db, 'study');
  }
  if (favorite !== undefined) await sql.setFavorite(deps.db, auth.accountId, studyId, favorite);
  return requireStudy(deps, auth, study.StudyInstanceUID);
}

/** The series of a study the caller sees (of twins, the first it sees), only those of its modalities. */
export async function seriesOfStudy(deps: Deps, auth: Auth, uid: string, order: readonly OrderTerm[]): Promise<SeriesItem[]> {
  const studyId = await requireVisibleStudy(deps.db, auth, uid);
  const rows = await sql.selectSeries(deps.db, auth, studyId, order);
  return rows.map((row): SeriesItem => ({
    StudyInstanceUID: uid,
    SeriesInstanceUID: row.series_instance_uid,
    SeriesNumber: row.series_number,
    SeriesDescription: row.series_description,
    Modality: row.modality,
    BodyPartExamined: row.body_part_examined,
    SeriesDate: row.series_date,
    SeriesTime: row.series_time,
    SeriesDateTime: studyDateTime(row.series_date, row.series_time),
    NumberOfSeriesRelatedInstances: row.number_of_instances,
    UpdatedAt: row.updated_at.toISOString(),
    CTDIvol: row.ctdivol,
    DLP: row.dlp,
    FileSize: row.file_size,
    FirstSOPInstanceUID: row.first_sop_instance_uid,
  }));
}

/** The instances of a series the caller sees; 404 when there are none to see. */
export async function instancesOfSeries(deps: Deps, auth: Auth, uid: string, order: readonly OrderTerm[]): Promise<InstanceItem[]> {
  const rows = await sql.selectInstances(deps.db, auth, uid, order);
  if (rows.length === 0) throw new AppError('not_found');
  return rows.map((row): InstanceItem => ({
    StudyInstanceUID: row.study_instance_uid,
    SeriesInstanceUID: uid,
    SOPInstanceUID: row.sop_instance_uid,
    InstanceNumber: row.instance_number,
    NumberOfFrames: row.number_of_frames,
    FileSize: row.file_size,
  }));
}
