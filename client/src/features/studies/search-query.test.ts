import { describe, expect, it } from 'vitest';
import { buildSearchParams, emptyFilters, nextOrder } from './search-query.ts';

describe('buildSearchParams', () => {
  it('sends paging only when nothing is filtered or sorted', () => {
    expect(buildSearchParams(emptyFilters(), [], 100, 0).toString()).toBe('limit=100&offset=0');
  });

  it('sends quick search, period, modalities, favourites and repeated lower-cased orderby', () => {
    const filters = {
      ...emptyFilters('PatientName', 'forward'),
      text: 'Yamada',
      from: '2024-01-01',
      to: '2024-12-31',
      modalities: ['CT', 'MR'],
      favoritesOnly: true,
    };
    const params = buildSearchParams(
      filters,
      [
        { key: 'PatientName', desc: false },
        { key: 'StudyDateTime', desc: true },
      ],
      50,
      100,
    );
    expect(params.getAll('orderby')).toEqual(['patientname asc', 'studydatetime desc']);
    expect(params.get('PatientName')).toBe('Yamada%');
    expect(params.get('StudyDate')).toBe('20240101-20241231');
    expect(params.get('period')).toBeNull();
    expect(params.get('ModalitiesInStudy')).toBe('CT,MR');
    expect(params.get('IsFavorite')).toBe('true');
    expect(params.get('limit')).toBe('50');
    expect(params.get('offset')).toBe('100');
  });

  it('sends a shortcut as period when no dates are chosen', () => {
    const params = buildSearchParams({ ...emptyFilters(), shortcut: 'today' }, [], 100, 0);
    expect(params.get('period')).toBe('today');
  });
});

describe('buildSearchParams with an advanced search', () => {
  it("sends the dialog's filters beside the bar's, and the bar's value wins on the same key", () => {
    const filters = {
      ...emptyFilters('PatientID', 'perfect'),
      advanced: {
        PatientSex: { text: 'F' },
        BodyPartsInStudy: { values: ['CHEST', 'HEAD'] },
        StudyDescription: { text: 'thorax', type: 'forward' as const },
        PatientID: { text: 'from-dialog', type: 'partial' as const },
      },
      text: 'from-bar',
    };
    const params = buildSearchParams(filters, [], 100, 0);
    expect(params.get('PatientSex')).toBe('F');
    expect(params.get('BodyPartsInStudy')).toBe('CHEST,HEAD');
    expect(params.get('StudyDescription')).toBe('thorax%');
    expect(params.getAll('PatientID')).toEqual(['from-bar']);
  });
});

describe('nextOrder', () => {
  it('sorts by one column and toggles its direction', () => {
    const first = nextOrder([], 'PatientName', false);
    expect(first).toEqual([{ key: 'PatientName', desc: false }]);
    expect(nextOrder(first, 'PatientName', false)).toEqual([{ key: 'PatientName', desc: true }]);
    expect(nextOrder(first, 'PatientID', false)).toEqual([{ key: 'PatientID', desc: false }]);
  });

  it('adds or toggles a secondary key with shift', () => {
    const two = nextOrder([{ key: 'PatientName', desc: false }], 'StudyDateTime', true);
    expect(two).toEqual([
      { key: 'PatientName', desc: false },
      { key: 'StudyDateTime', desc: false },
    ]);
    expect(nextOrder(two, 'StudyDateTime', true)[1]).toEqual({ key: 'StudyDateTime', desc: true });
  });
});
