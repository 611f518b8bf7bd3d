import { describe, expect, it } from 'vitest';
import { headerRows, searchRows } from './dicom-header.ts';

const names: Record<string, string> = {
  '(0010,0010)': 'PatientName',
  '(0028,0030)': 'PixelSpacing',
  '(0008,1140)': 'ReferencedImageSequence',
};
const keywordOf = (tag: string) => names[tag] ?? '';

const dataSet = {
  '00100010': { vr: 'PN', Value: [{ Alphabetic: 'Doe^Jane' }] },
  '00280030': { vr: 'DS', Value: [0.7, 0.7] },
  '7FE00010': { vr: 'OW', BulkDataURI: 'http://x' },
  '00081140': { vr: 'SQ', Value: [{ '00081155': { vr: 'UI', Value: ['1.2.3'] } }] },
};

describe('DICOM header rows', () => {
  it('lists every attribute with keyword and value, sequences indented', () => {
    const rows = headerRows(dataSet, keywordOf);
    expect(rows.map((row) => [row.tag, row.keyword, row.value, row.depth])).toEqual([
      ['(0008,1140)', 'ReferencedImageSequence', '1', 0],
      ['#1', '', '', 1],
      ['(0008,1155)', '', '1.2.3', 2],
      ['(0010,0010)', 'PatientName', 'Doe^Jane', 0],
      ['(0028,0030)', 'PixelSpacing', '0.7\\0.7', 0],
      ['(7FE0,0010)', '', '(binary)', 0],
    ]);
  });

  it('searches tag, keyword and value', () => {
    const rows = headerRows(dataSet, keywordOf);
    expect(searchRows(rows, 'pixel').map((row) => row.tag)).toEqual(['(0028,0030)']);
    expect(searchRows(rows, '00100010').map((row) => row.keyword)).toEqual(['PatientName']);
    expect(searchRows(rows, 'jane doe').length).toBe(1);
    expect(searchRows(rows, '').length).toBe(rows.length);
  });
});
