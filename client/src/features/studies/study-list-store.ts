/**
 * The study list's state (spec 2 §4 "Paging", "Ordering", selection): the loaded rows with
 * their series and instances, the filters and sort, and the paging. Pages append; a refresh
 * reloads everything loaded so far and marks the rows the server changed since the previous
 * request. One store per list screen; the search bar, toolbar and table share it.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { AdvancedSearchValues, MatchType } from '@pacs/common';
import { buildSearchParams, emptyFilters, nextOrder, type SortTerm, type StudyFilters } from './search-query.ts';
import {
  clearSelection,
  instanceNode,
  selectAll,
  selectOnly,
  selectRange,
  seriesNode,
  studiesWithSelection,
  studyNode,
  toggleSelected,
  type RowRef,
  type SeriesNode,
  type StudyNode,
} from './selection.ts';
import type { InstanceItem, SeriesItem, StudyItem, StudyListResponse } from './types.ts';

export interface StudyListDeps {
  fetchPage: (params: URLSearchParams) => Promise<StudyListResponse>;
  fetchSeries: (studyInstanceUid: string) => Promise<SeriesItem[]>;
  fetchInstances: (seriesInstanceUid: string) => Promise<InstanceItem[]>;
  updateStudy: (input: { UID: string; IsFavorite?: boolean; Note?: string }) => Promise<StudyItem>;
  onError: (error: unknown) => void;
  /** After a search or refresh answered: the page now shows the server's current data. */
  onReloaded?: () => void;
}

export interface StudyListOptions {
  /** Rows per request (settings list.limit). */
  limit: number;
  quickKey?: string;
  matchType?: MatchType;
}

export type ClickMode = 'single' | 'toggle' | 'range';

/** Rows whose UpdatedAt is after `since`; all false when there is no previous request. */
export function isUpdatedSince(item: { UpdatedAt: string }, since: string | null): boolean {
  if (!since) return false;
  const updated = Date.parse(item.UpdatedAt);
  const previous = Date.parse(since);
  return Number.isFinite(updated) && Number.isFinite(previous) && updated > previous;
}

export class StudyListStore {
  rows: StudyNode[] = [];
  count = 0;
  /** The server's time of the last answered request, compared on the next refresh. */
  requestedAt: string | null = null;
  loading = false;
  /** True once the first answer (or failure) arrived. */
  loaded = false;
  filters: StudyFilters;
  order: SortTerm[] = [];
  readonly limit: number;
  private anchor: RowRef | null = null;
  private generation = 0;

  constructor(
    private readonly deps: StudyListDeps,
    options: StudyListOptions,
  ) {
    this.limit = options.limit > 0 ? options.limit : 100;
    this.filters = emptyFilters(options.quickKey, options.matchType);
    makeAutoObservable<StudyListStore, 'deps' | 'anchor' | 'generation'>(this, { deps: false, anchor: false, generation: false });
  }

  get hasMore(): boolean {
    return this.rows.length < this.count;
  }

  get selectedStudies(): StudyNode[] {
    return studiesWithSelection(this.rows);
  }

  get allSelected(): boolean {
    return this.rows.length > 0 && this.rows.every((row) => row.is_selected);
  }

  get someSelected(): boolean {
    return this.selectedStudies.length > 0;
  }

  // ---------- Filters and order ----------

  setFilters(patch: Partial<StudyFilters>): void {
    this.filters = { ...this.filters, ...patch };
  }

  /** The advanced search's values (issue 21): they stay until the dialog clears them. */
  setAdvanced(advanced: AdvancedSearchValues): void {
    this.setFilters({ advanced });
  }

  sortBy(key: string, add: boolean): void {
    this.order = nextOrder(this.order, key, add);
  }

  // ---------- Loading ----------

  /** A new search: the first page, replacing the rows. */
  search(): Promise<void> {
    return this.load(this.limit, 0, 'replace');
  }

  loadMore(): Promise<void> {
    return this.load(this.limit, this.rows.length, 'append');
  }

  /**
   * Reloads what is loaded, from offset 0 with limit = the rows already loaded. An empty list
   * asks for one page instead, since a limit of 0 would be skipped and show nothing new.
   */
  refresh(): Promise<void> {
    return this.load(this.rows.length || this.limit, 0, 'refresh');
  }

  private async load(limit: number, offset: number, mode: 'replace' | 'append' | 'refresh'): Promise<void> {
    // A listing request with limit 0 and offset 0 is skipped (spec 2 §5).
    if (limit === 0 && offset === 0) return;
    const generation = ++this.generation;
    const previousRequestedAt = this.requestedAt;
    this.loading = true;
    try {
      const page = await this.deps.fetchPage(buildSearchParams(this.filters, this.order, limit, offset));
      if (generation !== this.generation) return;
      runInAction(() => this.apply(page, mode, previousRequestedAt));
      if (mode !== 'append') this.deps.onReloaded?.();
    } catch (error) {
      if (generation !== this.generation) return;
      // A failed study search gives zero counts (spec 2 §4); the error goes to the shared handler.
      runInAction(() => {
        this.rows = [];
        this.count = 0;
        this.loaded = true;
      });
      this.deps.onError(error);
    } finally {
      if (generation === this.generation) runInAction(() => (this.loading = false));
    }
  }

  private apply(page: StudyListResponse, mode: 'replace' | 'append' | 'refresh', previousRequestedAt: string | null): void {
    this.count = page.Count;
    this.requestedAt = page.RequestedAt;
    this.loaded = true;
    if (mode === 'append') {
      const known = new Set(this.rows.map((row) => row.item.StudyInstanceUID));
      this.rows.push(...page.Items.filter((item) => !known.has(item.StudyInstanceUID)).map(studyNode));
      return;
    }
    if (mode === 'replace') {
      this.anchor = null;
      this.rows = page.Items.map(studyNode);
      return;
    }
    // Refresh: keep selection and expansion of rows still listed; reload the series of expanded ones that changed.
    const before = new Map(this.rows.map((row) => [row.item.StudyInstanceUID, row]));
    this.rows = page.Items.map((item) => {
      const refreshed = isUpdatedSince(item, previousRequestedAt);
      const old = before.get(item.StudyInstanceUID);
      const node: StudyNode = old ? { ...old, item, is_refreshed: refreshed } : { ...studyNode(item), is_refreshed: refreshed };
      if (refreshed && node.is_expanded) node.series = null;
      return node;
    });
    for (const row of this.rows) if (row.is_expanded && row.series === null) void this.loadSeries(row);
  }

  // ---------- Expansion ----------

  toggleStudy(study: StudyNode): void {
    if (study.is_expanded) study.is_expanded = false;
    else this.expandStudy(study);
  }

  expandStudy(study: StudyNode): void {
    study.is_expanded = true;
    if (study.series === null && !study.is_loading) void this.loadSeries(study);
  }

  toggleSeries(series: SeriesNode): void {
    series.is_expanded = !series.is_expanded;
    if (series.is_expanded && series.instances === null && !series.is_loading) void this.loadInstances(series);
  }

  private async loadSeries(study: StudyNode): Promise<void> {
    study.is_loading = true;
    try {
      const items = await this.deps.fetchSeries(study.item.StudyInstanceUID);
      runInAction(() => (study.series = items.map((item) => seriesNode(item, study.is_selected))));
    } catch (error) {
      runInAction(() => (study.is_expanded = false));
      this.deps.onError(error);
    } finally {
      runInAction(() => (study.is_loading = false));
    }
  }

  private async loadInstances(series: SeriesNode): Promise<void> {
    series.is_loading = true;
    try {
      const items = await this.deps.fetchInstances(series.item.SeriesInstanceUID);
      runInAction(() => (series.instances = items.map((item) => instanceNode(item, series.is_selected))));
    } catch (error) {
      runInAction(() => (series.is_expanded = false));
      this.deps.onError(error);
    } finally {
      runInAction(() => (series.is_loading = false));
    }
  }

  // ---------- Selection ----------

  /** A row click. A plain click on a study also shows its series. */
  click(ref: RowRef, mode: ClickMode): void {
    if (mode === 'toggle') toggleSelected(ref);
    else if (mode === 'range') selectRange(this.rows, this.anchor, ref);
    else {
      selectOnly(this.rows, ref);
      if (ref.level === 'study') this.expandStudy(ref.study);
    }
    if (mode !== 'range') this.anchor = ref;
  }

  setAllSelected(value: boolean): void {
    selectAll(this.rows, value);
    this.anchor = null;
  }

  clearSelection(): void {
    clearSelection(this.rows);
  }

  // ---------- Favourites and notes ----------

  private replaceItem(updated: StudyItem): void {
    const row = this.rows.find((candidate) => candidate.item.StudyInstanceUID === updated.StudyInstanceUID);
    if (row) row.item = updated;
  }

  applyUpdate(updated: StudyItem): void {
    this.replaceItem(updated);
  }

  /** Optimistic: the star flips at once and flips back if the server refuses. */
  async toggleFavorite(study: StudyNode): Promise<void> {
    const value = !study.item.IsFavorite;
    study.item.IsFavorite = value;
    try {
      const updated = await this.deps.updateStudy({ UID: study.item.StudyInstanceUID, IsFavorite: value });
      runInAction(() => this.replaceItem(updated));
    } catch (error) {
      runInAction(() => (study.item.IsFavorite = !value));
      this.deps.onError(error);
    }
  }
}
