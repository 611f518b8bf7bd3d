import { describe, expect, it } from 'vitest';
import type { StudyItem } from './studies.ts';
import { csvField, csvFileName, csvLine, studyCsvCell } from './study-csv.ts';

describe('csvField', () => {
  it('leaves plain text as it is', () => {
    expect(csvField('abc')).toBe('abc');
    expect(csvField('')).toBe('');
    expect(csvField('山田 太郎')).toBe('山田 太郎');
  });

  it('quotes fields with a comma, quote, CR or LF and doubles quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
  });

  it('puts an apostrophe before a field a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('a=b')).toBe('a=b');
  });
});

describe('csvLine', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvLine(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });
});

describe('csvFileName', () => {
  it('names the file by the time in the given zone', () => {
    const at = new Date('2024-01-31T23:30:15Z');
    expect(csvFileName(at)).toBe('studies-20240131-233015.csv');
    expect(csvFileName(at, 'Asia/Tokyo')).toBe('studies-20240201-083015.csv');
    expect(csvFileName(at, 'Not/AZone')).toBe('studies-20240131-233015.csv');
  });
});

describe('studyCsvCell', () => {
  const item = {
    PatientName: 'Yamada^Tarou=山田^太郎',
    PatientBirthDate: '19700102',
    StudyDateTime: '2024-01-31T09:30:15',
    StudyTime: '093015.123',
    UpdatedAt: '2024-01-31T23:30:15.000Z',
    ModalitiesInStudy: ['CT', 'MR'],
    NumberOfStudyRelatedSeries: 3,
    FileSize: 1536,
    TotalDLP: null,
    IsFavorite: false,
  } as unknown as StudyItem;

  it('reads cells as the list shows them', () => {
    const format = { dateFormat: 'DD/MM/YYYY', timeZone: 'Asia/Tokyo' };
    // No kana group: the default form (kana) falls back to the alphabetic group.
    expect(studyCsvCell('PatientName', item, format)).toBe('Yamada Tarou');
    expect(studyCsvCell('PatientBirthDate', item, format)).toBe('02/01/1970');
    expect(studyCsvCell('StudyDateTime', item, format)).toBe('31/01/2024 09:30:15');
    expect(studyCsvCell('StudyTime', item, format)).toBe('09:30:15');
    expect(studyCsvCell('UpdatedAt', item, format)).toBe('01/02/2024 08:30:15');
    expect(studyCsvCell('ModalitiesInStudy', item, format)).toBe('CT, MR');
    expect(studyCsvCell('NumberOfStudyRelatedSeries', item, format)).toBe('3');
    expect(studyCsvCell('FileSize', item, format)).toBe('1.50 KB');
    expect(studyCsvCell('TotalDLP', item, format)).toBe('');
    expect(studyCsvCell('IsFavorite', item, format)).toBe('false');
  });

  it('reads a field the item does not carry (hidden or unknown) as empty', () => {
    expect(studyCsvCell('AETitle', item, { dateFormat: 'YYYY-MM-DD' })).toBe('');
    expect(studyCsvCell('constructor', item, { dateFormat: 'YYYY-MM-DD' })).toBe('');
  });

  it('reads person names in the site form', () => {
    const japanese = { ...item, PatientName: 'Yamada^Tarou=山田^太郎=やまだ^たろう' };
    expect(studyCsvCell('PatientName', japanese, { dateFormat: 'YYYY-MM-DD', nameForm: 'kanji' })).toBe('山田 太郎');
    expect(studyCsvCell('PatientName', japanese, { dateFormat: 'YYYY-MM-DD', nameForm: 'kana' })).toBe('やまだ たろう');
    expect(studyCsvCell('PatientName', japanese, { dateFormat: 'YYYY-MM-DD' })).toBe('やまだ たろう');
    expect(studyCsvCell('PatientName', { ...item, PatientName: '^^' }, { dateFormat: 'YYYY-MM-DD' })).toBe('');
  });
});
