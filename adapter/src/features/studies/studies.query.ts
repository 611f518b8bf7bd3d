/**
 * Turns list query parameters into SQL over the study index: filters (quick search with the
 * match types encoded as wildcards, advanced search fields, period search and its shortcuts),
 * repeated `orderby`, limit and offset. Every value becomes a bound parameter; keys are looked up
 * in fixed maps as own entries only (so `constructor` and `__proto__` are unknown keys like any
 * other), never interpolated.
 */
import type { Request } from 'express';
import { isDicomDate, parseTimestamp } from '@pacs/common';
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

/** Text columns searchable by pattern; the SQL is already upper-cased where the match ignores case. */
const TEXT_FILTERS: Record<string, { column: string; upper: boolean; name?: boolean }> = {
  patientid: { column: 'upper(st.patient_id)', upper: true },
  patientname: { column: 'st.search_patient_name', upper: true, name: true },
  accessionnumber: { column: 'upper(st.accession_number)', upper: true },
  studydescription: { column: 'upper(st.study_description)', upper: true },
  studyid: { column: 'upper(st.study_id)', upper: true },
  referringphysicianname: { column: 'upper(st.referring_physician_name)', upper: true },
  performingphysicianname: { column: 'upper(st.performing_physician_name)', upper: true },
  institutionname: { column: 'upper(st.institution_name)', upper: true },
  aetitle: { column: 'upper(st.ae_title)', upper: true },
  patientcomments: { column: 'upper(st.patient_comments)', upper: true },
  note: { column: 'upper(st.note)', upper: true },
  patientsex: { column: 'upper(st.patient_sex)', upper: true },
  reportstatus: { column: 'upper(st.report_status)', upper: true },
};

const ARRAY_FILTERS: Record<string, string> = {
  modalitiesinstudy: 'st.modalities_in_study',
  modality: 'st.modalities_in_study',
  bodypartsinstudy: 'st.body_parts_in_study',
  bodypartexamined: 'st.body_parts_in_study',
};

const DATE_FILTERS: Record<string, string> = {
  studydate: 'st.study_date',
  patientbirthdate: 'st.patient_birth_date',
};

export const STUDY_ORDER: Record<string, string[]> = {
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

function searchableTerm(value: string, name: boolean): string {
  const upper = value.toUpperCase();
  return name
    ? upper
        .replace(/[\^=]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : upper.trim();
}

/**
 * `20240101-20241231`, `20240101-`, `-20241231`, `20240101`, also with dashes or slashes in dates.
 * Each date must exist in the calendar (no month 13, no 99999999). `field` names the filter.
 */
export function parseDateRange(value: string, field = 'StudyDate'): [string | null, string | null] {
  const normalize = (part: string): string | null => {
    const digits = part.replace(/[^0-9]/g, '');
    if (digits === '') return null;
    if (!isDicomDate(digits)) throw new AppError('validation_failed', { [field]: 'The field is not a valid value' });
    return digits;
  };
  const compact = value.trim();
  // A single ISO-like date "2024-01-01" has dashes but no range.
  if (/^\d{4}[-/]\d{2}[-/]\d{2}$/.test(compact)) {
    const day = normalize(compact);
    return [day, day];
  }
  const separator = compact.includes(' - ') ? ' - ' : '-';
  const [from = '', to] = compact.split(separator);
  if (to === undefined) {
    const day = normalize(from);
    return [day, day];
  }
  return [normalize(from), normalize(to)];
}

function values(req: Request, name: string): string[] {
  const raw = req.query[name];
  if (raw === undefined) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  return list.filter((item): item is string => typeof item === 'string');
}

/** Adds the study-level filters of a list request to `where`. Keys match case-insensitively. */
export function addStudyFilters(req: Request, where: WhereBuilder, options: { timeZone: string; accountId: string }): void {
  for (const [rawKey, rawValue] of Object.entries(req.query)) {
    const key = rawKey.toLowerCase();
    const value = Array.isArray(rawValue) ? rawValue[rawValue.length - 1] : rawValue;
    if (typeof value !== 'string' || value === '') continue;
    const text = ownValue(TEXT_FILTERS, key);
    if (text) {
      const term = searchableTerm(value, text.name ?? false);
      if (term === '') continue;
      // No wildcard: a perfect match. With wildcards: partial, forward or backward.
      if (/[%*]/.test(term)) where.clauses.push(`${text.column} like ${where.param(likePattern(term))}`);
      else where.clauses.push(`${text.column} = ${where.param(term)}`);
      continue;
    }
    const array = ownValue(ARRAY_FILTERS, key);
    if (array) {
      const items = value
        .split(/[,\\]/)
        .map((item) => item.trim().toUpperCase())
        .filter(Boolean);
      if (items.length > 0) where.clauses.push(`${array} && ${where.param(items)}::text[]`);
      continue;
    }
    const date = ownValue(DATE_FILTERS, key);
    if (date) {
      const [from, to] = parseDateRange(value, rawKey);
      if (from) where.clauses.push(`${date} >= ${where.param(from)}`);
      if (to) where.clauses.push(`${date} <= ${where.param(to)}`);
      continue;
    }
    if (key === 'period') addPeriod(value, where, options.timeZone);
    else if (key === 'isfavorite' && value === 'true') {
      where.clauses.push(
        `exists (select 1 from study_favorites f where f.study_id = st.id and f.account_id = ${where.param(options.accountId)})`,
      );
    } else if (key === 'updatedafter') {
      // Within years 1–9999: JavaScript takes ±275760, PostgreSQL refuses what lies before 4713 BC.
      const at = parseTimestamp(value);
      if (!at) throw new AppError('validation_failed', { [rawKey]: 'The field is not a valid value' });
      where.clauses.push(`st.updated_at > ${where.param(at)}`);
    }
  }
}

/** Search shortcuts (spec 2 §2): all, today, yesterday, pastweek, in the site's time zone. */
function addPeriod(value: string, where: WhereBuilder, timeZone: string): void {
  const shortcut = value.toLowerCase();
  if (shortcut === 'all') return;
  const today = `(now() at time zone ${where.param(timeZone)}::text)::date`;
  const day = (offset: number) => `to_char(${today} - ${offset}, 'YYYYMMDD')`;
  switch (shortcut) {
    case 'today':
      where.clauses.push(`st.study_date = ${day(0)}`);
      return;
    case 'yesterday':
      where.clauses.push(`st.study_date = ${day(1)}`);
      return;
    case 'pastweek':
      where.clauses.push(`st.study_date between ${day(6)} and ${day(0)}`);
      return;
    default:
      throw new AppError('validation_failed', { period: 'The field is not a valid value' });
  }
}

export interface OrderTerm {
  key: string;
  desc: boolean;
}

/** Parses repeated `orderby=key[ asc|desc]` (also `key+desc`, `-key`); keys are lower-cased. */
export function parseOrderBy(req: Request, allowed: Record<string, string[]>): OrderTerm[] {
  return values(req, 'orderby').flatMap((item) =>
    item.split(',').flatMap((part) => {
      const trimmed = part.trim();
      if (trimmed === '') return [];
      const [rawKey = '', direction = ''] = trimmed.replace(/^-/, '').split(/[\s+]+/);
      const key = rawKey.toLowerCase();
      if (!Object.hasOwn(allowed, key)) throw new AppError('validation_failed', { orderby: `Unknown sort key: ${rawKey}` });
      return [{ key, desc: trimmed.startsWith('-') || direction.toLowerCase() === 'desc' }];
    }),
  );
}

/** ORDER BY for a list of terms, each key once, then a stable tie-breaker. */
export function orderBySql(terms: OrderTerm[], allowed: Record<string, string[]>, tieBreaker: string): string {
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
