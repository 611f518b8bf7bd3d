import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@pacs/common';
import { hiddenStudyColumns, isSortable, visibleColumns } from './columns.ts';

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

  it('fits the default study columns in 1280 px beside the sidebar', () => {
    // Sidebar 100, checkbox and expander columns 62, a vertical scrollbar 16.
    const room = 1280 - 100 - 62 - 16;
    for (const edition of ['on_premises', 'teleradiology'] as const) {
      const width = visibleColumns(study, hiddenStudyColumns(edition, null)).reduce((sum, column) => sum + column.width, 0);
      expect(width, edition).toBeLessThanOrEqual(room);
    }
  });

  it('shows the Order column only to worklist users, and it still fits 1366 px', () => {
    expect(visibleColumns(study, hiddenStudyColumns('on_premises', null)).map((column) => column.key)).not.toContain('WorklistEntry');
    const withOrder = visibleColumns(study, hiddenStudyColumns('on_premises', null, true));
    expect(withOrder.map((column) => column.key)).toContain('WorklistEntry');
    const width = withOrder.reduce((sum, column) => sum + column.width, 0);
    expect(width).toBeLessThanOrEqual(1366 - 100 - 62 - 16);
  });

  it('sorts only by keys the server orders by', () => {
    expect(isSortable('study', 'PatientName')).toBe(true);
    expect(isSortable('study', 'IsFavorite')).toBe(false);
    expect(isSortable('series', 'SeriesNumber')).toBe(false);
  });
});
