/**
 * Statistics and the dashboard (spec 3 §2, §3, §7, §9): wire types, the query rules both sides
 * use, the chart palette and the byte units.
 */
import { MESSAGES } from './validation.ts';

export const STATISTICS_UNITS = ['day', 'month', 'year'] as const;
export type StatisticsUnit = (typeof STATISTICS_UNITS)[number];

/** One period of a series (spec 3 §3 "Statistics rows": Date, Count). Date: YYYY-MM-DD, YYYY-MM or YYYY. */
export interface StatisticsRow {
  Date: string;
  Count: number;
}

/** /addedsize and /deletedsize: Count is bytes; Instances the number of files. */
export interface SizeStatisticsRow extends StatisticsRow {
  Instances: number;
}

/** /share/statistics: Count = Study + Patient shares created. */
export interface ShareStatisticsRow extends StatisticsRow {
  Study: number;
  Patient: number;
}

/** /connected/statistics: Count = most web connections at once; Accounts = distinct accounts seen. */
export interface ConnectedStatisticsRow extends StatisticsRow {
  Accounts: number;
}

/** /modalities/statistics: studies per modality and period (a CT+SR study counts once for each). */
export interface ModalityStatisticsRow extends StatisticsRow {
  Modality: string;
}

/** /cxrai/count (spec 3 §3 "CXR AI usage counter"). */
/** One calling AE title's associations in a period (`/dicomconnections/statistics`). */
export interface AssociationCount {
  AETitle: string;
  Accepted: number;
  Rejected: number;
  /** The most associations from this AE title open at once (a maximum: `sum` leaves it). */
  Peak: number;
}

/**
 * DICOM associations per period: Count = Accepted + Rejected; Peak = the most open at once (for a
 * caller limited to some AE titles, the largest Peak among them); AETitles = each calling AE title.
 */
export interface AssociationStatisticsRow extends StatisticsRow {
  Accepted: number;
  Rejected: number;
  Peak: number;
  AETitles: AssociationCount[];
}

/** An association open now: the caller's AE title and address, and when Orthanc received it. */
export interface LiveAssociation {
  AETitle: string;
  RemoteAddress: string;
  Since: string;
}

export interface CxrAiCount {
  Count: number;
  Date: string;
}

/** /statistics/info: what the figures rest on. */
export interface StatisticsInfo {
  /** The site's time zone in which days, months and years are cut. */
  TimeZone: string;
  /** Today in that zone (YYYY-MM-DD). */
  Today: string;
  /** The one backfill from the index (data that arrived before statistics were kept); null if none. */
  Backfill: { DoneAt: string; Studies: number; Instances: number; Bytes: number } | null;
  /** Plan caps drawn on charts; 0 = none drawn (spec 3 §2). */
  Caps: { MaxCapacityBytes: number; MaxMonthlyShares: number; MaxWebConnections: number };
  /** Whether the caller's figures are limited to what their institution and role see. */
  Limited: boolean;
}

/** Today's arrivals of one modality or AE title: studies (first series of the modality), files, bytes. */
export interface DashboardCount {
  Key: string;
  Studies: number;
  Instances: number;
  Bytes: number;
}

export interface DashboardStudy {
  StudyInstanceUID: string;
  PatientName: string;
  PatientID: string;
  StudyDate: string;
  Modalities: string[];
  AETitle: string;
  ReceivedAt: string;
}

/** GET /dashboard (spec 1 §2, refreshed every 30 s). */
export interface Dashboard {
  Today: string;
  TimeZone: string;
  ArrivalsByModality: DashboardCount[];
  ArrivalsByAETitle: DashboardCount[];
  WebConnections: number;
  /** The DICOM associations open now, oldest first (read from Orthanc's log: docs/decisions.md). */
  DicomConnections: LiveAssociation[];
  /** Today's associations by calling AE title. */
  AssociationsByAETitle: AssociationCount[];
  LastStudies: DashboardStudy[];
  Server: {
    Version: string;
    OrthancVersion: string;
    Storage: { Path: string; Capacity: number; Used: number } | null;
    /** Changes of Orthanc the index has not applied yet; null when not an administrator. */
    IndexLag: number | null;
    HeldBytes: number;
    HeldStudies: number;
  };
}

/** A parsed statistics query: dates YYYY-MM-DD, both inclusive. */
export interface StatisticsQuery {
  unit: StatisticsUnit;
  start: string;
  end: string;
  sum: boolean;
}

/** How many periods one answer may hold (about ten years of days). */
export const STATISTICS_MAX_PERIODS = 3700;

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** A date as YYYY-MM-DD or YYYYMMDD that the calendar has; normalized to YYYY-MM-DD, else null. */
export function parseStatisticsDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}

const toUtc = (date: string): Date => new Date(`${date}T00:00:00Z`);
const iso = (date: Date): string => date.toISOString().slice(0, 10);

/** The first day of the period holding `date`. */
export function periodStart(date: string, unit: StatisticsUnit): string {
  if (unit === 'day') return date;
  return unit === 'month' ? `${date.slice(0, 7)}-01` : `${date.slice(0, 4)}-01-01`;
}

/** The label of the period starting on `date` (YYYY-MM-DD, YYYY-MM or YYYY). */
export function periodLabel(date: string, unit: StatisticsUnit): string {
  return unit === 'day' ? date : unit === 'month' ? date.slice(0, 7) : date.slice(0, 4);
}

/** Every period label from `start` to `end`, in order. */
export function periodLabels(query: Pick<StatisticsQuery, 'unit' | 'start' | 'end'>): string[] {
  const labels: string[] = [];
  const cursor = toUtc(periodStart(query.start, query.unit));
  const end = toUtc(query.end);
  while (cursor <= end && labels.length <= STATISTICS_MAX_PERIODS) {
    labels.push(periodLabel(iso(cursor), query.unit));
    if (query.unit === 'day') cursor.setUTCDate(cursor.getUTCDate() + 1);
    else if (query.unit === 'month') cursor.setUTCMonth(cursor.getUTCMonth() + 1);
    else cursor.setUTCFullYear(cursor.getUTCFullYear() + 1);
  }
  return labels;
}

/**
 * The default period (spec 3 §9: six months for the charts): the last 31 days, the last 6 months
 * or the last 5 years, ending today.
 */
export function defaultStart(today: string, unit: StatisticsUnit): string {
  const date = toUtc(periodStart(today, unit));
  if (unit === 'day') date.setUTCDate(date.getUTCDate() - 30);
  else if (unit === 'month') date.setUTCMonth(date.getUTCMonth() - 5);
  else date.setUTCFullYear(date.getUTCFullYear() - 4);
  return iso(date);
}

/**
 * Reads unit (default month), startdate, enddate (default today, `today` in the site's zone) and
 * sum ('true'/'false', default false); names of the date fields may differ (/modalities/statistics
 * uses startstudydate and endstudydate).
 */
export function parseStatisticsQuery(
  input: Record<string, unknown>,
  today: string,
  names: { start: string; end: string } = { start: 'startdate', end: 'enddate' },
): ParseResult<StatisticsQuery> {
  const errors: Record<string, string> = {};
  const rawUnit = input.unit ?? 'month';
  const unit = (STATISTICS_UNITS as readonly unknown[]).includes(rawUnit) ? (rawUnit as StatisticsUnit) : null;
  if (unit === null) errors.unit = MESSAGES.invalid;
  const given = (name: string): string | null | undefined => {
    const value = input[name];
    if (value === undefined || value === '') return undefined;
    const date = parseStatisticsDate(value);
    if (date === null) errors[name] = MESSAGES.invalid;
    return date;
  };
  const end = given(names.end);
  const start = given(names.start);
  const rawSum = input.sum ?? 'false';
  if (rawSum !== 'true' && rawSum !== 'false' && rawSum !== true && rawSum !== false) errors.sum = MESSAGES.invalid;
  if (unit === null || end === null || start === null) return { ok: false, errors };
  const endDate = end ?? today;
  const startDate = start ?? defaultStart(endDate, unit);
  if (startDate > endDate) errors[names.start] = MESSAGES.statistics_range_reversed;
  else if (periodLabels({ unit, start: startDate, end: endDate }).length > STATISTICS_MAX_PERIODS)
    errors[names.start] = MESSAGES.statistics_range_too_long;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { unit, start: startDate, end: endDate, sum: rawSum === 'true' || rawSum === true } };
}

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
