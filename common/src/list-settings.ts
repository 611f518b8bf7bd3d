/**
 * The rules of the study list's settings node (issue 21; spec 2 §3 "User settings sections" list,
 * "Column setting", §5 column widths 40–400 and "Page size value: a non-zero integer", §9): what
 * user/list/general and user/list/search save. The client explains a refused value and the
 * adapter refuses it (settings/replace) from these same rules, as worklist-layout.ts does for mwm.
 */
import { deepEqual } from './configs/tree.ts';
import { getAtPath, isJsonObject } from './json-path.ts';
import type { SearchBarPart } from './settings/defaults.ts';
import { advancedSearchProblems } from './study-advanced-search.ts';
import { SEARCH_PERIODS } from './study-search.ts';
import { MESSAGES } from './validation.ts';
import { columnsProblem, isMatchType, searchFieldsProblem } from './worklist-layout.ts';

/** Most studies one request of `/studies/search` answers (its `limit` bound). */
export const STUDY_LIST_MAX_LIMIT = 1000;

/** What the list's quick search may search (spec 2 §9 default PatientID, partial). */
export const STUDY_QUICK_SEARCH_KEYS = ['PatientID', 'PatientName', 'AccessionNumber', 'StudyDescription'] as const;

export const SEARCH_BAR_PARTS = ['quick_search', 'search_shortcut', 'period_search'] as const satisfies readonly SearchBarPart[];

/** The list's levels with columns: the three the table shows, and the CSV file's. */
export const LIST_COLUMN_LEVELS = ['study', 'series', 'instance', 'csv'] as const;
export type ListColumnLevel = (typeof LIST_COLUMN_LEVELS)[number];

/** Studies per page (`list.limit`): a whole number from 1 to what one request answers. */
export function isStudyListLimit(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= STUDY_LIST_MAX_LIMIT;
}

/** An ordered, toggled list of known keys, each once. */
function visibleKeysProblem(value: unknown, known: readonly string[]): string | null {
  if (!Array.isArray(value)) return MESSAGES.invalid;
  const seen = new Set<string>();
  for (const item of value) {
    if (!isJsonObject(item) || typeof item.key !== 'string' || !known.includes(item.key) || seen.has(item.key)) return MESSAGES.invalid;
    if (typeof item.is_visible !== 'boolean') return MESSAGES.invalid;
    seen.add(item.key);
  }
  return null;
}

function uniqueKeys(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  const keys = value.map((item: unknown) => (isJsonObject(item) ? item.key : undefined));
  return new Set(keys).size === keys.length;
}

/**
 * What is wrong with a list node, by dotted key under it (`fields.csv`, `limit`, `quick_search`,
 * `last_search.PatientSex`, ...). Only the members present are checked; members these screens do
 * not own (toolbar, share, orderby) are other rules' business.
 */
export function listSettingsProblems(node: unknown): Record<string, string> {
  if (!isJsonObject(node)) return { list: MESSAGES.invalid };
  const problems: Record<string, string> = {};
  if (node.fields !== undefined) {
    if (!isJsonObject(node.fields)) problems.fields = MESSAGES.invalid;
    else {
      for (const level of LIST_COLUMN_LEVELS) {
        const columns = node.fields[level];
        const problem = columns === undefined ? null : columnsProblem(columns);
        if (problem) problems[`fields.${level}`] = problem;
      }
    }
  }
  if (node.limit !== undefined && !isStudyListLimit(node.limit)) problems.limit = MESSAGES.invalid;
  if (node.page_size !== undefined && !isStudyListLimit(node.page_size)) problems.page_size = MESSAGES.invalid;
  if (node.auto_refresh !== undefined && typeof node.auto_refresh !== 'boolean') problems.auto_refresh = MESSAGES.invalid;
  if (node.quick_search !== undefined) {
    const quick = node.quick_search;
    const keys: readonly string[] = STUDY_QUICK_SEARCH_KEYS;
    if (!isJsonObject(quick) || !keys.includes(quick.key as string) || !isMatchType(quick.type)) problems.quick_search = MESSAGES.invalid;
  }
  if (node.search_shortcut !== undefined) {
    const problem = visibleKeysProblem(node.search_shortcut, SEARCH_PERIODS);
    if (problem) problems.search_shortcut = problem;
  }
  if (node.search_bar !== undefined) {
    const problem = visibleKeysProblem(node.search_bar, SEARCH_BAR_PARTS);
    if (problem) problems.search_bar = problem;
  }
  if (node.advanced_search !== undefined) {
    // Unknown keys are tolerated (older defaults named columns the index cannot search; the
    // dialog leaves them out), but each key once.
    const problem = searchFieldsProblem(node.advanced_search) ?? (uniqueKeys(node.advanced_search) ? null : MESSAGES.invalid);
    if (problem) problems.advanced_search = problem;
  }
  if (node.last_search !== undefined) {
    if (!isJsonObject(node.last_search)) problems.last_search = MESSAGES.invalid;
    else for (const [key, text] of Object.entries(advancedSearchProblems(node.last_search))) problems[`last_search.${key}`] = text;
  }
  return problems;
}

/**
 * The problems a save brings in: those of `after` at members whose value differs from `before`.
 * A stored value an older release or a hand edit left out of the rules does not block a save that
 * leaves it as it is (a toolbar save, or a search page that never touched the columns).
 */
export function changedListSettingsProblems(before: unknown, after: unknown): Record<string, string> {
  const problems = listSettingsProblems(after);
  if (problems.list !== undefined) return problems;
  return Object.fromEntries(Object.entries(problems).filter(([member]) => !deepEqual(getAtPath(before, member), getAtPath(after, member))));
}
