import { describe, expect, it } from 'vitest';
import { changedListSettingsProblems, listSettingsProblems } from './list-settings.ts';
import { defaultSettings } from './settings/defaults.ts';
import {
  advancedSearchFields,
  advancedSearchProblems,
  advancedSearchQuery,
  cleanAdvancedSearch,
  countAdvancedFilters,
} from './study-advanced-search.ts';
import { parseStudySearch } from './study-search.ts';
import { MESSAGES } from './validation.ts';

describe('advanced search values', () => {
  it('become the search grammar: match types as wildcards, date ranges, code lists, choices', () => {
    const query = advancedSearchQuery(
      {
        PatientName: { text: ' smith ', type: 'forward' },
        PatientID: { text: 'P-1' },
        StudyDate: { from: '2024-01-01', to: '2024-03-31' },
        ModalitiesInStudy: { values: ['CT', 'MR'] },
        PatientSex: { text: 'F' },
        AccessionNumber: { text: '   ' },
      },
      [{ key: 'PatientID', type: 'perfect', is_visible: true }],
    );
    expect(query).toEqual({
      PatientName: 'smith%',
      PatientID: 'P-1',
      StudyDate: '20240101-20240331',
      ModalitiesInStudy: 'CT,MR',
      PatientSex: 'F',
    });
    const parsed = parseStudySearch(query);
    expect(parsed.ok).toBe(true);
  });

  it('counts and cleans only the fields that ask for something', () => {
    const values = { PatientID: { text: 'x', from: 'junk' }, StudyDate: { from: '', to: '' }, BodyPartsInStudy: { values: ['CHEST'] } };
    expect(countAdvancedFilters(values)).toBe(2);
    expect(cleanAdvancedSearch(values)).toEqual({ PatientID: { text: 'x' }, BodyPartsInStudy: { values: ['CHEST'] } });
  });

  it('names every wrong field with the catalogue message', () => {
    expect(advancedSearchProblems({ PatientSex: { text: 'X' }, StudyDate: { from: '2024-05-01', to: '2024-01-01' } })).toEqual({
      PatientSex: MESSAGES.invalid,
      StudyDate: MESSAGES.audit_range,
    });
    expect(advancedSearchProblems({ PatientName: { text: 'x'.repeat(65) } })).toEqual({ PatientName: MESSAGES.max_length(64) });
    expect(advancedSearchProblems({ ModalitiesInStudy: { values: ['C;T'] } })).toEqual({ ModalitiesInStudy: MESSAGES.invalid });
    expect(advancedSearchProblems({ ReadingStatus: { text: 'x' }, PatientID: { text: 3 } })).toEqual({
      ReadingStatus: MESSAGES.invalid,
      PatientID: MESSAGES.invalid,
    });
    expect(advancedSearchProblems({ PatientID: { text: 'P-1', type: 'perfect' }, ReportStatus: { text: 'Final' } })).toEqual({});
  });

  it('offers the searchable fields in the stored order, then the missing ones hidden', () => {
    const fields = advancedSearchFields([
      { key: 'Priority', type: 'perfect', is_visible: true },
      { key: 'StudyDescription', type: 'forward', is_visible: true },
      { key: 'PatientSex', type: 'partial', is_visible: true },
    ]);
    expect(fields.slice(0, 2)).toEqual([
      { key: 'StudyDescription', type: 'forward', is_visible: true },
      { key: 'PatientSex', type: 'perfect', is_visible: true },
    ]);
    expect(fields.find((field) => field.key === 'PatientID')).toEqual({ key: 'PatientID', type: 'partial', is_visible: false });
    expect(fields.some((field) => field.key === 'Priority')).toBe(false);
  });
});

describe('parseStudySearch value rules', () => {
  it('refuses reversed ranges, long terms, unknown sexes and report statuses, and bad codes', () => {
    const refused = (query: Record<string, string>) => {
      const parsed = parseStudySearch(query);
      return parsed.ok ? null : parsed.problems;
    };
    expect(refused({ StudyDate: '20240201-20240101' })).toEqual({ StudyDate: MESSAGES.audit_range });
    expect(refused({ PatientID: `%${'a'.repeat(65)}%` })).toEqual({ PatientID: MESSAGES.max_length(64) });
    expect(refused({ PatientSex: 'Q' })).toEqual({ PatientSex: MESSAGES.invalid });
    expect(refused({ ReportStatus: 'Signed' })).toEqual({ ReportStatus: MESSAGES.invalid });
    expect(refused({ BodyPartsInStudy: 'CHEST,<script>' })).toEqual({ BodyPartsInStudy: MESSAGES.invalid });
    expect(refused({ ModalitiesInStudy: Array.from({ length: 21 }, (_, i) => `M${i}`).join(',') })).toEqual({
      ModalitiesInStudy: MESSAGES.invalid,
    });
    expect(refused({ PatientSex: 'f', ReportStatus: 'draft', ModalitiesInStudy: 'ct,mr', PatientID: `%${'a'.repeat(64)}%` })).toBeNull();
  });
});

describe('listSettingsProblems', () => {
  it('accepts the defaults and names each wrong member', () => {
    expect(listSettingsProblems(defaultSettings().list)).toEqual({});
    const list = defaultSettings().list;
    const wide = list.fields.csv.map((column, at) => (at === 0 ? { ...column, width: 401 } : column));
    expect(
      listSettingsProblems({
        fields: { ...list.fields, csv: wide },
        limit: 0,
        auto_refresh: 'yes',
        quick_search: { key: 'Note', type: 'partial' },
        search_shortcut: [{ key: 'tomorrow', is_visible: true }],
        search_bar: [
          { key: 'quick_search', is_visible: true },
          { key: 'quick_search', is_visible: false },
        ],
        last_search: { PatientSex: { text: 'Z' } },
      }),
    ).toEqual({
      'fields.csv': MESSAGES.invalid,
      limit: MESSAGES.invalid,
      auto_refresh: MESSAGES.invalid,
      quick_search: MESSAGES.invalid,
      search_shortcut: MESSAGES.invalid,
      search_bar: MESSAGES.invalid,
      'last_search.PatientSex': MESSAGES.invalid,
    });
  });

  it('counts against a save only the members it changes', () => {
    const list = defaultSettings().list;
    const legacy = { ...list, fields: { ...list.fields, series: [{ key: 'BodyPartExamined', is_visible: true }] } };
    expect(changedListSettingsProblems(legacy, { ...legacy, limit: 50 })).toEqual({});
    expect(changedListSettingsProblems(legacy, { ...legacy, limit: 0 })).toEqual({ limit: MESSAGES.invalid });
    expect(changedListSettingsProblems(list, legacy)).toEqual({ 'fields.series': MESSAGES.invalid });
  });
});
