/**
 * The worklist screen's layout (issue 17; spec 2 §3 "User settings sections" mwm and
 * "Application configs" mwm, §5 page size and column widths, §9 "MWM limit 100, ordered by
 * UpdatedAt descending, quick search on PatientID partial"): which layout /mwm uses, and the rules
 * of the mwm nodes that the settings pages save. The client explains a refused value and the
 * adapter refuses it (settings/replace, configs/replace), from these same rules.
 *
 * Both trees have an mwm node: the configs' is the site's layout, set by an administrator under
 * admin/client/mwm (columns, page size, order and the quick search); the settings' is the user's
 * own (user/mwm/general), used only once the user turns `use_site_layout` off. The quick search
 * key is the site's alone (the spec gives the user settings none); the search dialog's fields
 * (`mwm.search`) and the toolbar are the user's alone.
 */
import type { Configs } from './configs/defaults.ts';
import type { ColumnSetting, MatchType, OrderBy, QuickSearch, SearchField } from './configs/types.ts';
import { isJsonObject } from './json-path.ts';
import type { UserSettings } from './settings/defaults.ts';
import { isColumnWidth, MESSAGES } from './validation.ts';
import { WORKLIST_DEFAULT_LIMIT, WORKLIST_MAX_LIMIT, WORKLIST_ORDER_KEYS } from './worklist.ts';

export const MATCH_TYPES = ['partial', 'perfect', 'forward', 'backward'] as const satisfies readonly MatchType[];

/** Spec 2 §4 "Configs migrations": PatientID and PatientName are always shown on the worklist. */
export const WORKLIST_ALWAYS_VISIBLE: readonly string[] = ['PatientID', 'PatientName'];

/** What the worklist's quick search may search: the search bar's keys, all worklist text filters. */
export const WORKLIST_QUICK_SEARCH_KEYS = ['PatientID', 'PatientName', 'AccessionNumber', 'StudyDescription'] as const;

/** Filters of the worklist search dialog whose match type can be chosen; the others match exactly. */
export const WORKLIST_TEXT_SEARCH_KEYS: readonly string[] = [
  'PatientID',
  'PatientName',
  'AccessionNumber',
  'StudyDescription',
  'ReferringPhysicianName',
  'PerformingPhysicianName',
];

/** Longest column label an administrator or user may type. */
export const COLUMN_LABEL_MAX_LENGTH = 100;

export interface WorklistLayout {
  fields: ColumnSetting[];
  limit: number;
  orderby: OrderBy[];
  quick_search: QuickSearch;
}

const SITE_DEFAULT_QUICK_SEARCH: QuickSearch = { key: 'PatientID', type: 'partial' };

/**
 * The layout /mwm shows: the site's (configs mwm), or the user's own columns, page size and order
 * when the user turned `use_site_layout` off. Missing parts fall back to spec 2 §9's defaults.
 */
export function worklistLayout(
  settings: Partial<UserSettings['mwm']> | undefined,
  configs: Partial<Configs['mwm']> | undefined,
): WorklistLayout {
  const own = settings?.use_site_layout === false;
  const source = own ? settings : configs;
  const fields = source?.fields?.study ?? configs?.fields?.study ?? settings?.fields?.study ?? [];
  return {
    fields,
    limit: source?.limit && source.limit > 0 ? source.limit : WORKLIST_DEFAULT_LIMIT,
    orderby: source?.orderby && source.orderby.length > 0 ? source.orderby : [{ key: 'UpdatedAt', desc: true }],
    quick_search: configs?.quick_search ?? SITE_DEFAULT_QUICK_SEARCH,
  };
}

/** A page size (spec 2 §5: a non-zero integer), at most what `GET /mwm/search` answers at once. */
export function isWorklistLimit(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= WORKLIST_MAX_LIMIT;
}

export function isMatchType(value: unknown): value is MatchType {
  return typeof value === 'string' && (MATCH_TYPES as readonly string[]).includes(value);
}

/** The rules of a list's columns (spec 2 §3 "Column setting", §5 widths 40–400); the study list's settings use them too. */
export function columnsProblem(value: unknown, alwaysVisible: readonly string[] = []): string | null {
  if (!Array.isArray(value)) return MESSAGES.invalid;
  const keys = new Set<string>();
  for (const column of value) {
    if (!isJsonObject(column) || typeof column.key !== 'string' || column.key === '' || keys.has(column.key)) return MESSAGES.invalid;
    keys.add(column.key);
    if (typeof column.label !== 'string' || column.label.length > COLUMN_LABEL_MAX_LENGTH) return MESSAGES.invalid;
    if (!isColumnWidth(column.width) || typeof column.is_visible !== 'boolean') return MESSAGES.invalid;
    if (!['left', 'center', 'right'].includes(column.alignment as string)) return MESSAGES.invalid;
    if (alwaysVisible.includes(column.key) && column.is_visible !== true) return MESSAGES.invalid;
  }
  return null;
}

function orderProblem(value: unknown): string | null {
  if (!Array.isArray(value) || value.length > WORKLIST_ORDER_KEYS.length) return MESSAGES.invalid;
  const known: readonly string[] = WORKLIST_ORDER_KEYS;
  const ok = value.every(
    (term) =>
      isJsonObject(term) && typeof term.key === 'string' && known.includes(term.key.toLowerCase()) && typeof term.desc === 'boolean',
  );
  return ok ? null : MESSAGES.invalid;
}

/** The rules of a search dialog's fields (key, match type, visibility); the study list's too. */
export function searchFieldsProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return MESSAGES.invalid;
  const ok = value.every(
    (field: unknown) =>
      isJsonObject(field) &&
      typeof field.key === 'string' &&
      field.key !== '' &&
      isMatchType(field.type) &&
      typeof field.is_visible === 'boolean',
  );
  return ok ? null : MESSAGES.invalid;
}

/**
 * What is wrong with an mwm node (settings or configs), by dotted key under it (`limit`,
 * `fields.study`, `orderby`, `quick_search`, `search`, `use_site_layout`); only the members present
 * are checked, so a node saved one member at a time is checked the same way.
 */
export function worklistLayoutProblems(node: unknown): Record<string, string> {
  if (!isJsonObject(node)) return { mwm: MESSAGES.invalid };
  const problems: Record<string, string> = {};
  if (node.limit !== undefined && !isWorklistLimit(node.limit)) problems.limit = MESSAGES.invalid;
  if (node.fields !== undefined) {
    const study = isJsonObject(node.fields) ? columnsProblem(node.fields.study, WORKLIST_ALWAYS_VISIBLE) : MESSAGES.invalid;
    if (study) problems['fields.study'] = study;
  }
  if (node.orderby !== undefined) {
    const order = orderProblem(node.orderby);
    if (order) problems.orderby = order;
  }
  if (node.quick_search !== undefined) {
    const quick = node.quick_search;
    const keys: readonly string[] = WORKLIST_QUICK_SEARCH_KEYS;
    if (!isJsonObject(quick) || !keys.includes(quick.key as string) || !isMatchType(quick.type)) problems.quick_search = MESSAGES.invalid;
  }
  if (node.search !== undefined) {
    const search = searchFieldsProblem(node.search);
    if (search) problems.search = search;
  }
  if (node.use_site_layout !== undefined && typeof node.use_site_layout !== 'boolean') problems.use_site_layout = MESSAGES.invalid;
  return problems;
}

/** The search dialog's fields as saved: key, match type and visibility (no transient UI state). */
export function cleanSearchFields(fields: readonly SearchField[]): SearchField[] {
  return fields.map(({ key, type, is_visible }) => ({ key, type, is_visible }));
}

/** Columns as saved: the settings table's transient selection never goes into a stored tree. */
export function cleanColumns(columns: readonly ColumnSetting[]): ColumnSetting[] {
  return columns.map(({ is_selected: _selected, ...column }) => column);
}
