import { describe, expect, it } from 'vitest';
import { csvSearch } from './download-studies-csv.ts';
import { buildSearchParams, emptyFilters } from '../search-query.ts';

describe('csvSearch', () => {
  it('keeps the list’s filters and order and drops its paging', () => {
    const filters = { ...emptyFilters('PatientName', 'forward'), text: '山田', modalities: ['CT', 'MR'] };
    const params = buildSearchParams(filters, [{ key: 'PatientID', desc: true }], 100, 200);
    const search = csvSearch(params);
    expect(search.has('limit')).toBe(false);
    expect(search.has('offset')).toBe(false);
    expect(search.get('PatientName')).toBe('山田%');
    expect(search.get('ModalitiesInStudy')).toBe('CT,MR');
    expect(search.getAll('orderby')).toEqual(['patientid desc']);
    expect(params.get('limit')).toBe('100');
  });
});
