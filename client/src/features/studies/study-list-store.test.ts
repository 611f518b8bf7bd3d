import { describe, expect, it, vi } from 'vitest';
import { isUpdatedSince, StudyListStore, type StudyListDeps } from './study-list-store.ts';
import type { SeriesItem, StudyItem, StudyListResponse } from './types.ts';
import { periodFilters, shortcutFilters } from './search-query.ts';

function study(uid: string, updatedAt = '2024-01-01T00:00:00.000Z'): StudyItem {
  return { StudyInstanceUID: uid, UpdatedAt: updatedAt, IsFavorite: false } as StudyItem;
}

function page(items: StudyItem[], count: number, requestedAt: string): StudyListResponse {
  return { Count: count, Items: items, Limit: items.length, Offset: 0, RequestedAt: requestedAt };
}

function deps(pages: StudyListResponse[]): StudyListDeps & { fetchPage: ReturnType<typeof vi.fn> } {
  const fetchPage = vi.fn((_params: URLSearchParams) => {
    const next = pages.shift();
    return next ? Promise.resolve(next) : Promise.reject(new Error('no page'));
  });
  return {
    fetchPage,
    fetchSeries: vi.fn(() => Promise.resolve([{ SeriesInstanceUID: 'se1' } as SeriesItem])),
    fetchInstances: vi.fn(() => Promise.resolve([])),
    updateStudy: vi.fn((input: { UID: string; IsFavorite?: boolean }) =>
      Promise.resolve({ ...study(input.UID), IsFavorite: !!input.IsFavorite }),
    ),
    onError: vi.fn(),
  };
}

describe('StudyListStore paging', () => {
  it('loads a page, appends the next one with offset += limit', async () => {
    const d = deps([page([study('a'), study('b')], 3, '2024-01-02T00:00:00Z'), page([study('c')], 3, '2024-01-02T00:00:01Z')]);
    const store = new StudyListStore(d, { limit: 2 });
    await store.search();
    expect(store.rows.map((r) => r.item.StudyInstanceUID)).toEqual(['a', 'b']);
    expect(store.hasMore).toBe(true);
    await store.loadMore();
    const second = d.fetchPage.mock.calls[1]?.[0] as URLSearchParams;
    expect(second.get('offset')).toBe('2');
    expect(second.get('limit')).toBe('2');
    expect(store.rows.map((r) => r.item.StudyInstanceUID)).toEqual(['a', 'b', 'c']);
    expect(store.hasMore).toBe(false);
  });

  it('refreshes from offset 0 with the loaded count and marks rows updated after the previous request', async () => {
    const d = deps([
      page([study('a'), study('b'), study('c')], 3, '2024-01-02T00:00:00.000Z'),
      page([study('new', '2024-01-02T00:00:05.000Z'), study('a'), study('b', '2024-01-02T00:00:03.000Z')], 4, '2024-01-02T00:00:10.000Z'),
    ]);
    const store = new StudyListStore(d, { limit: 100 });
    await store.search();
    store.click({ level: 'study', study: store.rows[0]! }, 'toggle');
    await store.refresh();
    const params = d.fetchPage.mock.calls[1]?.[0] as URLSearchParams;
    expect(params.get('offset')).toBe('0');
    expect(params.get('limit')).toBe('3');
    expect(store.rows.map((r) => [r.item.StudyInstanceUID, r.is_refreshed])).toEqual([
      ['new', true],
      ['a', false],
      ['b', true],
    ]);
    // Selection survives a refresh.
    expect(store.rows[1]?.is_selected).toBe(true);
    expect(store.count).toBe(4);
  });

  it('empties the list and reports the error when a search fails', async () => {
    const d = deps([page([study('a')], 1, '2024-01-02T00:00:00Z')]);
    const store = new StudyListStore(d, { limit: 100 });
    await store.search();
    await store.search();
    expect(store.rows).toEqual([]);
    expect(store.count).toBe(0);
    expect(d.onError).toHaveBeenCalledOnce();
  });

  it('copies a start date into an empty end date and lets a period replace a shortcut', () => {
    const store = new StudyListStore(deps([]), { limit: 100 });
    store.setFilters(shortcutFilters('today'));
    store.setFilters(periodFilters(store.filters, '2024-03-01', ''));
    expect(store.filters).toMatchObject({ from: '2024-03-01', to: '2024-03-01', shortcut: null });
    store.setFilters(periodFilters(store.filters, '2024-02-01', '2024-03-01'));
    expect(store.filters).toMatchObject({ from: '2024-02-01', to: '2024-03-01' });
  });
});

describe('StudyListStore rows', () => {
  it('a plain click on a study selects it alone and loads its series, selected', async () => {
    const d = deps([page([study('a'), study('b')], 2, '2024-01-02T00:00:00Z')]);
    const store = new StudyListStore(d, { limit: 100 });
    await store.search();
    const [a] = store.rows;
    store.click({ level: 'study', study: a! }, 'single');
    await vi.waitFor(() => expect(a?.series).not.toBeNull());
    expect(d.fetchSeries).toHaveBeenCalledWith('a');
    expect(a?.is_expanded).toBe(true);
    expect(a?.series?.[0]?.is_selected).toBe(true);
  });

  it('flips the favourite at once and keeps the server answer', async () => {
    const d = deps([page([study('a')], 1, '2024-01-02T00:00:00Z')]);
    const store = new StudyListStore(d, { limit: 100 });
    await store.search();
    const pending = store.toggleFavorite(store.rows[0]!);
    expect(store.rows[0]?.item.IsFavorite).toBe(true);
    await pending;
    expect(d.updateStudy).toHaveBeenCalledWith({ UID: 'a', IsFavorite: true });
    expect(store.rows[0]?.item.IsFavorite).toBe(true);
  });
});

describe('isUpdatedSince', () => {
  it('is false without a previous request', () => {
    expect(isUpdatedSince({ UpdatedAt: '2024-01-02T00:00:00Z' }, null)).toBe(false);
    expect(isUpdatedSince({ UpdatedAt: '2024-01-02T00:00:01Z' }, '2024-01-02T00:00:00Z')).toBe(true);
    expect(isUpdatedSince({ UpdatedAt: '2024-01-01T00:00:00Z' }, '2024-01-02T00:00:00Z')).toBe(false);
  });
});

describe('StudyListStore advanced search', () => {
  it('sends the dialog’s values with every page until they are cleared', async () => {
    const d = deps([page([study('a')], 2, '2024-01-02T00:00:00Z'), page([study('b')], 2, '2024-01-02T00:00:01Z'), page([], 0, 'x')]);
    const store = new StudyListStore(d, { limit: 1 });
    store.setAdvanced({ PatientSex: { text: 'F' }, ModalitiesInStudy: { values: ['CT', 'MR'] } });
    await store.search();
    await store.loadMore();
    for (const call of d.fetchPage.mock.calls.slice(0, 2)) {
      const params = call[0] as URLSearchParams;
      expect([params.get('PatientSex'), params.get('ModalitiesInStudy')]).toEqual(['F', 'CT,MR']);
    }
    store.setAdvanced({});
    await store.search();
    expect((d.fetchPage.mock.calls[2]?.[0] as URLSearchParams).get('PatientSex')).toBeNull();
  });
});
