import { describe, expect, it, vi } from 'vitest';
import type { WorklistItem, WorklistList } from '@pacs/common';
import { WorklistStore } from './worklist-store.ts';

const item = (uid: string, updatedAt = '2030-01-01T00:00:00.000Z') => ({ UID: uid, UpdatedAt: updatedAt }) as WorklistItem;
const page = (items: WorklistItem[], count = items.length, requestedAt = '2030-01-01T00:00:01.000Z'): WorklistList => ({
  Count: count,
  Items: items,
  Limit: 100,
  Offset: 0,
  RequestedAt: requestedAt,
});

describe('WorklistStore', () => {
  it('sends the search bar’s filters and the dialog’s, pages and appends', async () => {
    const fetchPage = vi.fn(async (params: URLSearchParams) =>
      params.get('offset') === '0' ? page([item('1'), item('2')], 3) : page([item('3')], 3),
    );
    const store = new WorklistStore({ fetchPage, onError: vi.fn() }, { limit: 2, quickKey: 'PatientID', matchType: 'partial' });
    store.setFilters({ text: '12' });
    store.setAdvanced([
      ['Status', 'none'],
      ['PatientID', 'X'],
    ]);
    await store.search();
    const first = fetchPage.mock.calls[0]![0];
    expect(first.get('PatientID')).toBe('X');
    expect(first.get('Status')).toBe('none');
    expect(first.get('limit')).toBe('2');
    expect(store.hasMore).toBe(true);
    await store.loadMore();
    expect(store.rows.map((row) => row.item.UID)).toEqual(['1', '2', '3']);
    expect(store.hasMore).toBe(false);
  });

  it('sends the layout’s order after the header’s sort, and starts from a given filter', async () => {
    const fetchPage = vi.fn(async (_params: URLSearchParams) => page([]));
    const store = new WorklistStore(
      { fetchPage, onError: vi.fn() },
      {
        limit: 10,
        defaultOrder: [
          { key: 'StudyDateTime', desc: false },
          { key: 'PatientID', desc: true },
        ],
        advanced: [['uid', '1.2.3']],
      },
    );
    await store.search();
    expect(fetchPage.mock.calls[0]![0].getAll('orderby')).toEqual(['studydatetime asc', 'patientid desc']);
    expect(fetchPage.mock.calls[0]![0].get('uid')).toBe('1.2.3');
    store.sortBy('patientid', false);
    await store.search();
    expect(fetchPage.mock.calls[1]![0].getAll('orderby')).toEqual(['patientid asc', 'studydatetime asc']);
  });

  it('empties the list when a search fails, and hands the error on', async () => {
    const onError = vi.fn();
    let fail = false;
    const store = new WorklistStore(
      {
        fetchPage: async () => {
          if (fail) throw new Error('down');
          return page([item('1')]);
        },
        onError,
      },
      { limit: 100 },
    );
    await store.search();
    store.select('1');
    fail = true;
    await store.search();
    expect(store.rows).toEqual([]);
    expect(store.count).toBe(0);
    expect(store.selected).toBeNull();
    expect(onError).toHaveBeenCalledOnce();
  });

  it('refreshes what is loaded and marks entries changed since the last request', async () => {
    const answers = [
      page([item('1'), item('2')], 2, '2030-01-01T00:00:10.000Z'),
      page([item('1', '2030-01-01T00:00:20.000Z'), item('2')], 2, '2030-01-01T00:00:30.000Z'),
    ];
    const fetchPage = vi.fn(async (_params: URLSearchParams) => answers.shift()!);
    const store = new WorklistStore({ fetchPage, onError: vi.fn() }, { limit: 100 });
    await store.search();
    await store.refresh();
    expect(fetchPage.mock.calls[1]![0].get('limit')).toBe('2');
    expect(store.rows.map((row) => row.is_refreshed)).toEqual([true, false]);
  });
});
