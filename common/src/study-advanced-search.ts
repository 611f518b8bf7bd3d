/**
 * The study list's advanced search (issue 21; spec 2 §2 modal "search", §3 settings
 * `list.advanced_search`, §9 "PatientID advanced search perfect"): which indexed columns it can
 * search and how, the values a user enters as the settings keep them (`list.last_search`, the
 * user's last search), and their translation into the grammar of study-search.ts.
 *
 * The adapter refuses a bad search through `parseStudySearch` and a bad stored last search through
 * `advancedSearchProblems`, which runs the same parser; the dialog shows those messages by field.
 */
import type { MatchType, SearchField } from './configs/types.ts';
import { isJsonObject } from './json-path.ts';
import { formatDateRange, matchPattern, parseStudySearch, STUDY_REPORT_STATUSES, PATIENT_SEXES } from './study-search.ts';
import { MESSAGES } from './validation.ts';
import { MATCH_TYPES } from './worklist-layout.ts';

/**
 * Every column the index can search, and the input that searches it: free text with a match type,
 * a date range, a multiple choice of codes (modalities, body parts), or one choice of a fixed set.
 */
export const ADVANCED_SEARCH_KINDS = {
  PatientID: 'text',
  PatientName: 'text',
  PatientBirthDate: 'date',
  PatientSex: 'sex',
  ModalitiesInStudy: 'modality',
  BodyPartsInStudy: 'body_part',
  StudyDate: 'date',
  StudyDescription: 'text',
  AccessionNumber: 'text',
  StudyID: 'text',
  InstitutionName: 'text',
  ReferringPhysicianName: 'text',
  PerformingPhysicianName: 'text',
  AETitle: 'text',
  PatientComments: 'text',
  Note: 'text',
  ReportStatus: 'report_status',
} as const;

export type AdvancedSearchKey = keyof typeof ADVANCED_SEARCH_KINDS;
export type AdvancedSearchKind = (typeof ADVANCED_SEARCH_KINDS)[AdvancedSearchKey];
export const ADVANCED_SEARCH_KEYS = Object.keys(ADVANCED_SEARCH_KINDS) as AdvancedSearchKey[];

export function isAdvancedSearchKey(key: string): key is AdvancedSearchKey {
  return Object.hasOwn(ADVANCED_SEARCH_KINDS, key);
}

export { PATIENT_SEXES, STUDY_REPORT_STATUSES };

/** What the user entered for one field. Only the members of the field's kind count. */
export interface AdvancedSearchValue {
  /** text: the term; sex and report_status: the chosen value. */
  text?: string;
  /** text: how the term matches (the field's setting when absent). */
  type?: MatchType;
  /** date: `YYYY-MM-DD` (or `YYYYMMDD`), either end may be empty. */
  from?: string;
  to?: string;
  /** modality, body_part: the chosen codes. */
  values?: string[];
}

export type AdvancedSearchValues = Partial<Record<AdvancedSearchKey, AdvancedSearchValue>>;

/**
 * The dialog's fields in the user's order: the stored ones the index can search, then any
 * searchable column the stored list lacks (hidden), so settings written before a column became
 * searchable still offer it. Fields other than text match exactly.
 */
export function advancedSearchFields(stored: readonly SearchField[] | undefined): SearchField[] {
  const fields: SearchField[] = [];
  const seen = new Set<string>();
  for (const field of stored ?? []) {
    if (!isAdvancedSearchKey(field.key) || seen.has(field.key)) continue;
    seen.add(field.key);
    const text = ADVANCED_SEARCH_KINDS[field.key] === 'text';
    fields.push({ key: field.key, type: text ? field.type : 'perfect', is_visible: field.is_visible });
  }
  for (const key of ADVANCED_SEARCH_KEYS) {
    if (!seen.has(key)) fields.push({ key, type: ADVANCED_SEARCH_KINDS[key] === 'text' ? 'partial' : 'perfect', is_visible: false });
  }
  return fields;
}

/** Whether a value asks for anything (an empty field is no filter). */
export function hasAdvancedValue(key: AdvancedSearchKey, value: AdvancedSearchValue | undefined): boolean {
  if (!value) return false;
  switch (ADVANCED_SEARCH_KINDS[key]) {
    case 'date':
      return Boolean(value.from || value.to);
    case 'modality':
    case 'body_part':
      return (value.values ?? []).length > 0;
    default:
      return (value.text ?? '').trim() !== '';
  }
}

/** The filters a value set holds (the dialog's button shows the number). */
export function countAdvancedFilters(values: AdvancedSearchValues | undefined): number {
  return Object.entries(values ?? {}).filter(([key, value]) => isAdvancedSearchKey(key) && hasAdvancedValue(key, value)).length;
}

/**
 * The query of `/studies/search` for the values: `Key=pattern` for text (the value's match type,
 * else the field's, else partial), `Key=from-to` for dates, `Key=A,B` for codes. Keys the index
 * cannot search and empty values are left out.
 */
export function advancedSearchQuery(values: AdvancedSearchValues | undefined, fields: readonly SearchField[] = []): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    if (!isAdvancedSearchKey(key) || !hasAdvancedValue(key, value) || !value) continue;
    switch (ADVANCED_SEARCH_KINDS[key]) {
      case 'text': {
        const type = value.type ?? fields.find((field) => field.key === key)?.type ?? 'partial';
        query[key] = matchPattern(value.text ?? '', type);
        break;
      }
      case 'date':
        query[key] = formatDateRange(value.from ?? '', value.to ?? '');
        break;
      case 'modality':
      case 'body_part':
        query[key] = (value.values ?? []).join(',');
        break;
      default:
        query[key] = (value.text ?? '').trim();
    }
  }
  return query;
}

const isString = (value: unknown) => value === undefined || typeof value === 'string';

/** A stored value's members have the right types (the shape the dialog writes). */
function valueShapeOk(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  const { text, type, from, to, values } = value;
  if (!isString(text) || !isString(from) || !isString(to)) return false;
  if (type !== undefined && !(MATCH_TYPES as readonly string[]).includes(type as string)) return false;
  if (values !== undefined && !(Array.isArray(values) && values.every((item) => typeof item === 'string'))) return false;
  return true;
}

/**
 * What is wrong with a set of values, by field key: an unknown key or a wrong shape is `invalid`,
 * and every value must pass the search grammar's rules (`parseStudySearch`), whose message is
 * given as is. Empty when all is well; the adapter refuses the save otherwise.
 */
export function advancedSearchProblems(values: unknown): Record<string, string> {
  if (!isJsonObject(values)) return { last_search: MESSAGES.invalid };
  const problems: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (!isAdvancedSearchKey(key) || !valueShapeOk(value)) problems[key] = MESSAGES.invalid;
  }
  if (Object.keys(problems).length > 0) return problems;
  // One key at a time, so that every wrong field is named, not only the first.
  for (const [key, text] of Object.entries(advancedSearchQuery(values as AdvancedSearchValues))) {
    const parsed = parseStudySearch({ [key]: text });
    if (!parsed.ok) problems[key] = Object.values(parsed.problems)[0] ?? MESSAGES.invalid;
  }
  return problems;
}

/** The values as the settings keep them: only non-empty fields, only their kind's members. */
export function cleanAdvancedSearch(values: AdvancedSearchValues): AdvancedSearchValues {
  const clean: AdvancedSearchValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (!isAdvancedSearchKey(key) || !value || !hasAdvancedValue(key, value)) continue;
    const kind = ADVANCED_SEARCH_KINDS[key];
    if (kind === 'text') clean[key] = { text: (value.text ?? '').trim(), ...(value.type ? { type: value.type } : {}) };
    else if (kind === 'date') clean[key] = { from: value.from ?? '', to: value.to ?? '' };
    else if (kind === 'modality' || kind === 'body_part') clean[key] = { values: [...(value.values ?? [])] };
    else clean[key] = { text: (value.text ?? '').trim() };
  }
  return clean;
}
