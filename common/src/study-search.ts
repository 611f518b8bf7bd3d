/**
 * The study search's wire grammar (spec 2 §2 "Search bar", §4 "Paging", "Ordering"), once for
 * both sides: the client builds `/studies/find` with these formatters, the adapter parses the
 * request once into a `StudySearch` with `parseStudySearch` and never reads the query again.
 *
 * - Text filters: `Key=value`; the match types travel as wildcards (`*` or `%`): partial `%x%`,
 *   perfect `x`, forward `x%`, backward `%x`. Keys match case-insensitively.
 * - List filters: `ModalitiesInStudy=CT,MR` (also `\` separated).
 * - Date filters: `StudyDate=YYYYMMDD-YYYYMMDD`, either end open, or one day; dashes or slashes
 *   inside dates are allowed (`2024-01-01`).
 * - `period=all|today|yesterday|pastweek` in the site's time zone; `IsFavorite=true`;
 *   `UpdatedAfter=<instant>`.
 * - Repeated `orderby=key[ asc|desc]` (also `key+desc`, `-key`, comma-separated); keys lower-cased.
 */
import type { MatchType } from './configs/types.ts';
import { isDicomDate, MESSAGES, parseTimestamp } from './validation.ts';

/** The match types as wildcards: partial `%x%`, perfect `x`, forward `x%`, backward `%x`. */
export function matchPattern(text: string, type: MatchType): string {
  const value = text.trim();
  if (value === '') return '';
  switch (type) {
    case 'perfect':
      return value;
    case 'forward':
      return `${value}%`;
    case 'backward':
      return `%${value}`;
    case 'partial':
      return `%${value}%`;
  }
}

export const STUDY_TEXT_FILTERS = [
  'patientid',
  'patientname',
  'accessionnumber',
  'studydescription',
  'studyid',
  'referringphysicianname',
  'performingphysicianname',
  'institutionname',
  'aetitle',
  'patientcomments',
  'note',
  'patientsex',
  'reportstatus',
] as const;
export type StudyTextFilter = (typeof STUDY_TEXT_FILTERS)[number];

/** List filters and the column they search (two spellings each). */
export const STUDY_LIST_FILTERS = {
  modalitiesinstudy: 'modalitiesinstudy',
  modality: 'modalitiesinstudy',
  bodypartsinstudy: 'bodypartsinstudy',
  bodypartexamined: 'bodypartsinstudy',
} as const;
export type StudyListFilter = (typeof STUDY_LIST_FILTERS)[keyof typeof STUDY_LIST_FILTERS];

/**
 * Value rules of the filters (issue 21), so that a search the index cannot answer sensibly is
 * refused with the catalogue's message rather than run: a text term holds at most 64 characters
 * besides its wildcards (DICOM's longest LO value and PN component group); PatientSex is M, F or
 * O; ReportStatus is one of the statuses the index writes; a list holds at most 20 codes, each a
 * DICOM code string (CS: capitals, digits, space, underscore; 1 to 16 characters).
 */
export const SEARCH_TERM_MAX_LENGTH = 64;
export const SEARCH_LIST_MAX_VALUES = 20;
export const PATIENT_SEXES = ['M', 'F', 'O'] as const;
/** `Empty`: no report yet; the others are the latest document's status (reports.sql.ts). */
export const STUDY_REPORT_STATUSES = ['Empty', 'None', 'Draft', 'Final'] as const;
const CODE_STRING = /^[A-Z0-9 _]{1,16}$/;

/** The message for a text filter's term, or null when it is acceptable. */
function textProblem(key: StudyTextFilter, term: string): string | null {
  const bare = term.replace(/%/g, '');
  if (bare.length > SEARCH_TERM_MAX_LENGTH) return MESSAGES.max_length(SEARCH_TERM_MAX_LENGTH);
  if (key === 'patientsex' && !(PATIENT_SEXES as readonly string[]).includes(bare)) return MESSAGES.invalid;
  if (key === 'reportstatus' && !STUDY_REPORT_STATUSES.some((status) => status.toUpperCase() === bare)) return MESSAGES.invalid;
  return null;
}

export const STUDY_DATE_FILTERS = ['studydate', 'patientbirthdate'] as const;
export type StudyDateFilter = (typeof STUDY_DATE_FILTERS)[number];

export const SEARCH_PERIODS = ['all', 'today', 'yesterday', 'pastweek'] as const;
export type SearchPeriod = (typeof SEARCH_PERIODS)[number];

/** Keys the study list can be ordered by. */
export const STUDY_ORDER_KEYS = [
  'studydatetime',
  'studydate',
  'studytime',
  'patientid',
  'patientname',
  'patientbirthdate',
  'patientsex',
  'patientage',
  'accessionnumber',
  'studydescription',
  'studyid',
  'modalitiesinstudy',
  'bodypartsinstudy',
  'numberofstudyrelatedseries',
  'numberofstudyrelatedinstances',
  'institutionname',
  'referringphysicianname',
  'performingphysicianname',
  'aetitle',
  'updatedat',
  'filesize',
  'note',
  'totaldlp',
  'reportstatus',
] as const;
export type StudyOrderKey = (typeof STUDY_ORDER_KEYS)[number];

export interface OrderTerm<K extends string = string> {
  key: K;
  desc: boolean;
}

/** A parsed study search: every filter of the request, typed, in request order. */
export interface StudySearch {
  /** Upper-cased search terms; a `%` in the term makes it a pattern, else an exact match. */
  text: { key: StudyTextFilter; term: string }[];
  lists: { key: StudyListFilter; values: string[] }[];
  dates: { key: StudyDateFilter; from: string | null; to: string | null }[];
  period: Exclude<SearchPeriod, 'all'> | null;
  favoritesOnly: boolean;
  updatedAfter: Date | null;
  order: OrderTerm<StudyOrderKey>[];
  /** Every field the request names (filter keys and order keys), for the hidden-field check. */
  fields: string[];
}

/** Field → message; the adapter answers them as a 400 `validation_failed`. */
export type SearchProblems = Record<string, string>;

const INVALID = 'The field is not a valid value';

type Parsed<T> = { ok: true; value: T } | { ok: false; problems: SearchProblems };

/** `YYYY-MM-DD` inputs (or DICOM dates) as a `from-to` range; either end may be ''; '' when both are. */
export function formatDateRange(from: string, to: string): string {
  if (!from && !to) return '';
  const digits = (value: string) => value.replace(/[^0-9]/g, '');
  return `${digits(from)}-${digits(to)}`;
}

/**
 * `20240101-20241231`, `20240101-`, `-20241231`, `20240101`, also with dashes or slashes inside
 * dates. Each date must exist in the calendar. Null when a date is invalid.
 */
export function parseDateRange(value: string): [string | null, string | null] | null {
  let valid = true;
  const normalize = (part: string): string | null => {
    const digits = part.replace(/[^0-9]/g, '');
    if (digits === '') return null;
    if (!isDicomDate(digits)) valid = false;
    return digits;
  };
  const compact = value.trim();
  let range: [string | null, string | null];
  // A single ISO-like date "2024-01-01" has dashes but no range.
  if (/^\d{4}[-/]\d{2}[-/]\d{2}$/.test(compact)) {
    const day = normalize(compact);
    range = [day, day];
  } else {
    const separator = compact.includes(' - ') ? ' - ' : '-';
    const [from = '', to] = compact.split(separator);
    if (to === undefined) {
      const day = normalize(from);
      range = [day, day];
    } else range = [normalize(from), normalize(to)];
  }
  return valid ? range : null;
}

/** One `orderby` value. */
export function formatOrderTerm(term: OrderTerm): string {
  return `${term.key.toLowerCase()} ${term.desc ? 'desc' : 'asc'}`;
}

/** The key an `orderby` value names, as written (`-PatientName desc` → `PatientName`). */
export function orderTermKey(value: string): string {
  return (
    value
      .trim()
      .replace(/^-/, '')
      .split(/[\s+]+/)[0] ?? ''
  );
}

/** Parses repeated `orderby` values against the allowed keys; keys are lower-cased. */
export function parseOrderTerms<K extends string>(values: readonly string[], allowed: readonly K[]): Parsed<OrderTerm<K>[]> {
  const terms: OrderTerm<K>[] = [];
  for (const item of values) {
    for (const part of item.split(',')) {
      const trimmed = part.trim();
      if (trimmed === '') continue;
      const [rawKey = '', direction = ''] = trimmed.replace(/^-/, '').split(/[\s+]+/);
      const key = rawKey.toLowerCase();
      if (!(allowed as readonly string[]).includes(key)) return { ok: false, problems: { orderby: `Unknown sort key: ${rawKey}` } };
      terms.push({ key: key as K, desc: trimmed.startsWith('-') || direction.toLowerCase() === 'desc' });
    }
  }
  return { ok: true, value: terms };
}

/** The string values of a query parameter (Express gives a string, an array or an object). */
export function queryValues(raw: unknown): string[] {
  if (raw === undefined) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((item): item is string => typeof item === 'string');
}

/** A search term as the index compares it: upper-cased; for names, PN separators flattened to spaces. */
export function searchableTerm(value: string, name: boolean): string {
  const upper = value.toUpperCase();
  return name
    ? upper
        .replace(/[\^=]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : upper.trim();
}

const own = <T extends object>(table: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(table, key);

/**
 * Reads a study search from a query object. A repeated filter counts by its last value; unknown
 * keys are ignored (limit and offset are the caller's). Keys are compared as own keys of fixed
 * tables, so `constructor` or `__proto__` are unknown keys like any other.
 */
export function parseStudySearch(query: Record<string, unknown>): Parsed<StudySearch> {
  const search: StudySearch = {
    text: [],
    lists: [],
    dates: [],
    period: null,
    favoritesOnly: false,
    updatedAfter: null,
    order: [],
    fields: [],
  };
  const textKeys: readonly string[] = STUDY_TEXT_FILTERS;
  const dateKeys: readonly string[] = STUDY_DATE_FILTERS;
  for (const [rawKey, rawValue] of Object.entries(query)) {
    search.fields.push(rawKey);
    const key = rawKey.toLowerCase();
    const value = Array.isArray(rawValue) ? rawValue[rawValue.length - 1] : rawValue;
    if (typeof value !== 'string' || value === '') continue;
    if (textKeys.includes(key)) {
      const term = searchableTerm(value, key === 'patientname').replace(/\*/g, '%');
      if (term === '') continue;
      const problem = textProblem(key as StudyTextFilter, term);
      if (problem) return { ok: false, problems: { [rawKey]: problem } };
      search.text.push({ key: key as StudyTextFilter, term });
    } else if (own(STUDY_LIST_FILTERS, key)) {
      const values = value
        .split(/[,\\]/)
        .map((item) => item.trim().toUpperCase())
        .filter(Boolean);
      if (values.length > SEARCH_LIST_MAX_VALUES || !values.every((item) => CODE_STRING.test(item))) {
        return { ok: false, problems: { [rawKey]: MESSAGES.invalid } };
      }
      if (values.length > 0) search.lists.push({ key: STUDY_LIST_FILTERS[key], values });
    } else if (dateKeys.includes(key)) {
      const range = parseDateRange(value);
      if (!range) return { ok: false, problems: { [rawKey]: INVALID } };
      // A reversed range matches nothing: it is a mistake, said as the other date ranges say it.
      if (range[0] && range[1] && range[0] > range[1]) return { ok: false, problems: { [rawKey]: MESSAGES.audit_range } };
      search.dates.push({ key: key as StudyDateFilter, from: range[0], to: range[1] });
    } else if (key === 'period') {
      const period = value.toLowerCase();
      if (!(SEARCH_PERIODS as readonly string[]).includes(period)) return { ok: false, problems: { period: INVALID } };
      search.period = period === 'all' ? null : (period as StudySearch['period']);
    } else if (key === 'isfavorite') {
      if (value === 'true') search.favoritesOnly = true;
    } else if (key === 'updatedafter') {
      // Within years 1–9999: JavaScript takes ±275760, PostgreSQL refuses what lies before 4713 BC.
      const at = parseTimestamp(value);
      if (!at) return { ok: false, problems: { [rawKey]: INVALID } };
      search.updatedAfter = at;
    }
  }
  const orderValues = queryValues(query.orderby);
  const order = parseOrderTerms(orderValues, STUDY_ORDER_KEYS);
  if (!order.ok) return order;
  search.order = order.value;
  search.fields.push(...orderValues.map(orderTermKey));
  return { ok: true, value: search };
}
