/**
 * Reads of the study index for the list and the viewer. Everything here reads PostgreSQL, never
 * Orthanc, and every query carries the visibility predicate.
 */
import {
  hasPermission,
  hiddenStudyFields,
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
  };
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

export async function searchStudies(deps: Deps, auth: Auth, { search, limit, offset }: StudyListRequest): Promise<ListResponse<StudyItem>> {
  const requestedAt = new Date();
  const hidden = hiddenFor(deps, auth);
  assertNotHidden(search, hidden);
  const timeZone = search.period ? await siteTimeZone(deps.db) : 'UTC';

  const where = whereBuilder();
  const visible = visibleStudies(auth, where.params.length + 1);
  where.clauses.push(`(${visible.sql})`);
  where.params.push(...visible.params);
  addStudyFilters(search, where, { timeZone, accountId: auth.accountId });
  const whereSql = where.clauses.join(' and ');

  const order = orderBySql([...search.order, ...(await defaultStudyOrder(deps, auth))], STUDY_ORDER, 'st.id desc');

  const [page, count] = await Promise.all([
    sql.selectStudyPage(deps.db, { whereSql, params: where.params, order, accountId: auth.accountId, limit, offset }),
    sql.countStudies(deps.db, whereSql, where.params),
  ]);
  return {
    ...count,
    Items: page.map((row) => redact(toStudyItem(row), hidden)),
    Limit: limit,
    Offset: offset,
    RequestedAt: requestedAt.toISOString(),
  };
}

export async function requireStudy(deps: Deps, auth: Auth, uid: string): Promise<StudyItem> {
  const [study] = await findStudies(deps, auth, 'uid', uid);
  if (!study) throw new AppError('not_found');
  return study;
}

/** Studies the caller may see by UID (twins: several) or by accession number, newest first. */
export async function findStudies(deps: Deps, auth: Auth, by: sql.StudyKey, value: string): Promise<StudyItem[]> {
  const rows = await sql.selectVisibleStudiesBy(deps.db, auth, by, value);
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
