import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@pacs/common';
import { hiddenStudyColumns, isSortable, phoneColumns, visibleColumns } from './columns.ts';

describe('columns', () => {
  const study = defaultSettings().list.fields.study;

  it('keeps the settings order and drops invisible and edition-hidden columns', () => {
    const keys = visibleColumns(study, hiddenStudyColumns('on_premises', null)).map((column) => column.key);
    expect(keys.slice(0, 4)).toEqual(['IsFavorite', 'IsShared', 'ReportStatus', 'PatientID']);
    expect(keys).not.toContain('Priority');
    expect(keys).not.toContain('UpdatedAt');
  });

  it('hides favourites in teleradiology and names from radiologists', () => {
    const keys = visibleColumns(study, hiddenStudyColumns('teleradiology', 'Radiologist')).map((column) => column.key);
    expect(keys).not.toContain('IsFavorite');
    expect(keys).not.toContain('PatientName');
    expect(keys).toContain('Priority');
  });

  it('keeps the identifying columns on a phone', () => {
    expect(phoneColumns(visibleColumns(study)).map((column) => column.key)).toEqual([
      'IsFavorite',
      'PatientID',
      'PatientName',
      'ModalitiesInStudy',
      'StudyDateTime',
      'StudyDescription',
      'AccessionNumber',
    ]);
  });

  it('sorts only by keys the server orders by', () => {
    expect(isSortable('study', 'PatientName')).toBe(true);
    expect(isSortable('study', 'IsFavorite')).toBe(false);
    expect(isSortable('series', 'SeriesNumber')).toBe(false);
  });
});
