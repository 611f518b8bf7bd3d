import { describe, expect, it } from 'vitest';
import {
  formatDateRange,
  formatOrderTerm,
  matchPattern,
  parseDateRange,
  parseStudySearch,
  STUDY_ORDER_KEYS,
  parseOrderTerms,
} from './study-search.ts';

describe('matchPattern', () => {
  it('encodes the match types as wildcards', () => {
    expect(matchPattern('abc', 'partial')).toBe('%abc%');
    expect(matchPattern('abc', 'perfect')).toBe('abc');
    expect(matchPattern('abc', 'forward')).toBe('abc%');
    expect(matchPattern('abc', 'backward')).toBe('%abc');
    expect(matchPattern('  ', 'partial')).toBe('');
    expect(matchPattern(' x ', 'partial')).toBe('%x%');
  });
});

describe('date ranges', () => {
  it('leaves an open end of the period empty', () => {
    expect(formatDateRange('2024-01-01', '')).toBe('20240101-');
    expect(formatDateRange('', '2024-01-31')).toBe('-20240131');
    expect(formatDateRange('', '')).toBe('');
  });

  it('reads ranges, open ends and single days, and refuses dates not in the calendar', () => {
    expect(parseDateRange('20240101-20241231')).toEqual(['20240101', '20241231']);
    expect(parseDateRange('20240101-')).toEqual(['20240101', null]);
    expect(parseDateRange('-20241231')).toEqual([null, '20241231']);
    expect(parseDateRange('2024-01-05')).toEqual(['20240105', '20240105']);
    expect(parseDateRange('2024/01/05 - 2024/02/05')).toEqual(['20240105', '20240205']);
    for (const bad of ['99999999', '20241301', '20240132-', '-20241399']) expect(parseDateRange(bad), bad).toBeNull();
  });

  it('round-trips what the client sends', () => {
    expect(parseDateRange(formatDateRange('2024-01-01', '2024-12-31'))).toEqual(['20240101', '20241231']);
  });
});

describe('orderby', () => {
  it('writes and reads terms, lower-casing keys and refusing unknown ones', () => {
    expect(formatOrderTerm({ key: 'StudyDateTime', desc: true })).toBe('studydatetime desc');
    expect(parseOrderTerms(['StudyDate desc,-patientid', 'patientname+desc'], STUDY_ORDER_KEYS)).toEqual({
      ok: true,
      value: [
        { key: 'studydate', desc: true },
        { key: 'patientid', desc: true },
        { key: 'patientname', desc: true },
      ],
    });
    expect(parseOrderTerms(['constructor'], STUDY_ORDER_KEYS)).toEqual({
      ok: false,
      problems: { orderby: 'Unknown sort key: constructor' },
    });
  });
});

describe('parseStudySearch', () => {
  it('types every filter of a request once, ignoring keys it does not know', () => {
    const parsed = parseStudySearch({
      PatientName: 'yamada^taro*',
      ModalitiesInStudy: 'ct, mr',
      StudyDate: '20240101-',
      period: 'Today',
      IsFavorite: 'true',
      orderby: 'PatientID desc',
      limit: '10',
      constructor: 'x',
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        text: [{ key: 'patientname', term: 'YAMADA TARO%' }],
        lists: [{ key: 'modalitiesinstudy', values: ['CT', 'MR'] }],
        dates: [{ key: 'studydate', from: '20240101', to: null }],
        period: 'today',
        favoritesOnly: true,
        updatedAfter: null,
        order: [{ key: 'patientid', desc: true }],
        fields: ['PatientName', 'ModalitiesInStudy', 'StudyDate', 'period', 'IsFavorite', 'orderby', 'limit', 'constructor', 'PatientID'],
      },
    });
  });

  it('names the field a problem is in', () => {
    expect(parseStudySearch({ PatientBirthDate: '19601301' })).toEqual({
      ok: false,
      problems: { PatientBirthDate: 'The field is not a valid value' },
    });
    expect(parseStudySearch({ period: 'lastyear' })).toEqual({ ok: false, problems: { period: 'The field is not a valid value' } });
    expect(parseStudySearch({ UpdatedAfter: 'yesterday' })).toEqual({
      ok: false,
      problems: { UpdatedAfter: 'The field is not a valid value' },
    });
  });
});
