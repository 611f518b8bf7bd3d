/**
 * The study search request (spec 2 §2 "Search bar", §4 "Paging", "Ordering"): quick search with
 * its match type, search shortcuts, period search, modalities and favourites, repeated orderby,
 * limit and offset. The wire grammar itself (match types as wildcards, date ranges, orderby)
 * lives in @pacs/common study-search.ts, which the adapter parses with.
 */
import {
  advancedSearchQuery,
  formatDateRange,
  formatOrderTerm,
  matchPattern,
  type AdvancedSearchValues,
  type MatchType,
  type SearchShortcutKey,
} from '@pacs/common';

export { MATCH_TYPES, STUDY_QUICK_SEARCH_KEYS as QUICK_SEARCH_KEYS } from '@pacs/common';
export const SEARCH_SHORTCUTS = ['all', 'today', 'yesterday', 'pastweek'] as const satisfies readonly SearchShortcutKey[];

export interface StudyFilters {
  quickKey: string;
  matchType: MatchType;
  text: string;
  /** A search shortcut; cleared by a period search and the other way round. */
  shortcut: SearchShortcutKey | null;
  /** Period search, as `YYYY-MM-DD` from a date input; '' when open. */
  from: string;
  to: string;
  modalities: string[];
  favoritesOnly: boolean;
  /** The advanced search dialog's values (issue 21); the bar's own filters win on the same key. */
  advanced: AdvancedSearchValues;
}

export interface SortTerm {
  key: string;
  desc: boolean;
}

export function emptyFilters(quickKey = 'PatientID', matchType: MatchType = 'partial'): StudyFilters {
  return { quickKey, matchType, text: '', shortcut: null, from: '', to: '', modalities: [], favoritesOnly: false, advanced: {} };
}

/**
 * The query of one page. Sort keys are lower-cased (spec 2 §4 "Ordering"); the server appends
 * the user's configured default order as a secondary key, so none is sent by default.
 */
/**
 * A period picked in the search bar, as a change of the filters: a start date with an empty end
 * is copied into the end (spec 2 §5), and a period clears the shortcut (a shortcut clears the
 * period: see `shortcutFilters`).
 */
export function periodFilters(filters: Pick<StudyFilters, 'to'>, from: string, to: string): Partial<StudyFilters> {
  const end = from && !to && !filters.to ? from : to;
  return { from, to: end, shortcut: null };
}

/** A search shortcut, as a change of the filters: it replaces the period search. */
export function shortcutFilters(shortcut: SearchShortcutKey): Partial<StudyFilters> {
  return { shortcut, from: '', to: '' };
}

export function buildSearchParams(filters: StudyFilters, order: readonly SortTerm[], limit: number, offset: number): URLSearchParams {
  const params = new URLSearchParams();
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  for (const term of order) params.append('orderby', formatOrderTerm(term));
  // The dialog's filters first: a bar filter on the same key (set below) replaces it.
  for (const [key, value] of Object.entries(advancedSearchQuery(filters.advanced))) params.set(key, value);
  const pattern = matchPattern(filters.text, filters.matchType);
  if (pattern) params.set(filters.quickKey, pattern);
  const period = formatDateRange(filters.from, filters.to);
  if (period) params.set('StudyDate', period);
  else if (filters.shortcut) params.set('period', filters.shortcut);
  if (filters.modalities.length > 0) params.set('ModalitiesInStudy', filters.modalities.join(','));
  if (filters.favoritesOnly) params.set('IsFavorite', 'true');
  return params;
}

/**
 * The next sort after a header click: a plain click sorts by that column alone (toggling its
 * direction when it already leads); with `add` (shift) the column joins or toggles in place.
 */
export function nextOrder(order: readonly SortTerm[], key: string, add: boolean): SortTerm[] {
  const existing = order.find((term) => term.key === key);
  if (!add) return [{ key, desc: existing && order.length === 1 ? !existing.desc : false }];
  if (!existing) return [...order, { key, desc: false }];
  return order.map((term) => (term.key === key ? { key, desc: !term.desc } : term));
}
