/**
 * The worklist screen's state (spec 2 §4 "Paging", "Ordering", "Worklist and study list
 * selection"): the loaded entries, the search bar's filters (the study list's, so the same bar
 * drives both), the search dialog's extra filters, the sort, paging and the selected entry.
 * Pages append; a refresh reloads what is loaded and marks entries changed since the previous
 * request. A failed search empties the list (spec 2 §4, §8).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { MatchType } from '@pacs/common';
import { buildSearchParams, emptyFilters, nextOrder, type SortTerm, type StudyFilters } from '../studies/index.ts';
import type { WorklistItem, WorklistList } from './types.ts';

export interface WorklistStoreDeps {
  fetchPage: (params: URLSearchParams) => Promise<WorklistList>;
  onError: (error: unknown) => void;
  /** After a search or refresh answered: the page shows the server's current data. */
  onReloaded?: () => void;
}

export interface WorklistRow {
  item: WorklistItem;
  /** Changed on the server since the previous request (shown after a refresh). */
  is_refreshed: boolean;
}

/** The search dialog's filters, as `GET /mwm/search` query pairs (common `worklistSearchQuery`). */
export type AdvancedFilters = readonly [string, string][];

export class WorklistStore {
  rows: WorklistRow[] = [];
  count = 0;
  requestedAt: string | null = null;
  loading = false;
  loaded = false;
  filters: StudyFilters;
  advanced: AdvancedFilters = [];
  order: SortTerm[] = [];
  selectedUid: string | null = null;
  readonly limit: number;
  /** The layout's order (settings or configs mwm.orderby), sent after the header's sort (spec 2 §4). */
  readonly defaultOrder: readonly SortTerm[];
  private generation = 0;

  constructor(
    private readonly deps: WorklistStoreDeps,
    options: {
      limit: number;
      quickKey?: string | undefined;
      matchType?: MatchType | undefined;
      defaultOrder?: readonly SortTerm[] | undefined;
      advanced?: AdvancedFilters | undefined;
    },
  ) {
    this.limit = options.limit > 0 ? options.limit : 100;
    this.filters = emptyFilters(options.quickKey, options.matchType);
    // Sort keys are lower-cased (spec 2 §4 "Ordering").
    this.defaultOrder = (options.defaultOrder ?? []).map((term) => ({ key: term.key.toLowerCase(), desc: term.desc }));
    this.advanced = options.advanced ?? [];
    makeAutoObservable<WorklistStore, 'deps' | 'generation'>(this, { deps: false, generation: false });
  }

  get hasMore(): boolean {
    return this.rows.length < this.count;
  }

  get selected(): WorklistItem | null {
    return this.rows.find((row) => row.item.UID === this.selectedUid)?.item ?? null;
  }

  // ---------- Filters (the search bar's SearchBarStore) ----------

  setFilters(patch: Partial<StudyFilters>): void {
    this.filters = { ...this.filters, ...patch };
  }

  setAdvanced(filters: AdvancedFilters): void {
    this.advanced = filters;
  }

  sortBy(key: string, add: boolean): void {
    this.order = nextOrder(this.order, key, add);
  }

  /** A row click: selects the entry, or clears the selection when it is the selected one. */
  toggle(uid: string): void {
    this.selectedUid = this.selectedUid === uid ? null : uid;
  }

  select(uid: string | null): void {
    this.selectedUid = uid;
  }

  /** The query of one page: the bar's filters, then the dialog's (which win on the same key). */
  params(limit: number, offset: number): URLSearchParams {
    const chosen = new Set(this.order.map((term) => term.key));
    const order = [...this.order, ...this.defaultOrder.filter((term) => !chosen.has(term.key))];
    const params = buildSearchParams(this.filters, order, limit, offset);
    for (const [key, value] of this.advanced) params.set(key, value);
    return params;
  }

  // ---------- Loading ----------

  search(): Promise<void> {
    return this.load(this.limit, 0, 'replace');
  }

  loadMore(): Promise<void> {
    return this.load(this.limit, this.rows.length, 'append');
  }

  /** Reloads from offset 0 with a limit equal to what is loaded (spec 2 §4). */
  refresh(): Promise<void> {
    return this.load(this.rows.length || this.limit, 0, 'refresh');
  }

  private async load(limit: number, offset: number, mode: 'replace' | 'append' | 'refresh'): Promise<void> {
    const generation = ++this.generation;
    const previousRequestedAt = this.requestedAt;
    this.loading = true;
    try {
      const page = await this.deps.fetchPage(this.params(limit, offset));
      if (generation !== this.generation) return;
      runInAction(() => this.apply(page, mode, previousRequestedAt));
      if (mode !== 'append') this.deps.onReloaded?.();
    } catch (error) {
      if (generation !== this.generation) return;
      // A failed worklist search empties the list (spec 2 §4); the error goes to the shared handler.
      runInAction(() => {
        this.rows = [];
        this.count = 0;
        this.selectedUid = null;
        this.loaded = true;
      });
      this.deps.onError(error);
    } finally {
      if (generation === this.generation) runInAction(() => (this.loading = false));
    }
  }

  private apply(page: WorklistList, mode: 'replace' | 'append' | 'refresh', previousRequestedAt: string | null): void {
    this.count = page.Count;
    this.requestedAt = page.RequestedAt;
    this.loaded = true;
    const since = mode === 'refresh' ? Date.parse(previousRequestedAt ?? '') : NaN;
    const rows = page.Items.map((item) => ({ item, is_refreshed: Number.isFinite(since) && Date.parse(item.UpdatedAt) > since }));
    if (mode === 'append') {
      const known = new Set(this.rows.map((row) => row.item.UID));
      this.rows.push(...rows.filter((row) => !known.has(row.item.UID)));
      return;
    }
    this.rows = rows;
    if (!rows.some((row) => row.item.UID === this.selectedUid)) this.selectedUid = null;
  }
}
