import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileSize, formatInstant } from '../../lib/format.ts';
import { formatDicomDate, formatDicomDateTime, formatDicomTime, formatPersonName } from '../../lib/dicom-format.ts';
import { sessionStore, uiStore } from '../../state/index.ts';
import { formatCell } from './format.ts';
import type { StudyItem } from './types.ts';

describe('dates and times', () => {
  it('writes a DICOM date in the configured format', () => {
    expect(formatDicomDate('20240131', 'YYYY-MM-DD')).toBe('2024-01-31');
    expect(formatDicomDate('20240131', 'MM/DD/YYYY')).toBe('01/31/2024');
    expect(formatDicomDate('20240131', 'dd-mm-yyyy')).toBe('31-01-2024');
    expect(formatDicomDate('', 'YYYY-MM-DD')).toBe('');
    expect(formatDicomDate('2024', 'YYYY-MM-DD')).toBe('2024');
  });

  it('writes times as hh:mm:ss and drops fractions', () => {
    expect(formatDicomTime('093015.123')).toBe('09:30:15');
    expect(formatDicomTime('0930')).toBe('09:30');
    expect(formatDicomTime('')).toBe('');
  });

  it('writes a study date-time with the date format', () => {
    expect(formatDicomDateTime('2024-01-31T09:30:15', 'DD/MM/YYYY')).toBe('31/01/2024 09:30:15');
    expect(formatDicomDateTime('2024-01-31', 'YYYY-MM-DD')).toBe('2024-01-31');
  });

  it('writes a server instant in the configured time zone', () => {
    expect(formatInstant('2024-01-31T23:30:00.000Z', 'YYYY-MM-DD', 'Asia/Tokyo')).toBe('2024-02-01 08:30:00');
    expect(formatInstant('2024-01-31T23:30:00.000Z', 'MM-DD-YYYY', 'UTC')).toBe('01-31-2024 23:30:00');
  });

  it("writes the screens' other instants and dates in the site's format and zone, not the browser's", () => {
    sessionStore.setConfigs({ date_format: 'DD/MM/YYYY', time_zone: 'Asia/Tokyo' } as Parameters<typeof sessionStore.setConfigs>[0]);
    try {
      expect(formatDateTime('2024-01-31T23:30:45.000Z')).toBe('01/02/2024 08:30');
      expect(formatDateTime('2024-01-31T23:30:45.000Z', 'UTC')).toBe('31/01/2024 23:30');
      expect(formatDate('2025-11-02')).toBe('02/11/2025');
      expect(formatDate('')).toBe('');
      expect(formatDateTime('not a date')).toBe('not a date');
    } finally {
      sessionStore.setConfigs(null);
    }
  });
});

describe('person names', () => {
  it('shows carets as spaces and the group the site chose', () => {
    expect(formatPersonName('Wang^XiaoDong=王^小東=', 'kanji')).toBe('王 小東');
    expect(formatPersonName('Hong^Gildong=洪^吉洞=홍^길동', 'kana')).toBe('홍 길동');
    expect(
      formatCell('PatientName', { PatientName: 'Yamada^Tarou=山田^太郎=やまだ^たろう' }, { dateFormat: 'YYYY-MM-DD', nameForm: 'kanji' }),
    ).toBe('山田 太郎');
    expect(formatPersonName('Doe^John^^^')).toBe('Doe John');
    expect(formatPersonName('')).toBe('');
  });
});

describe('sizes', () => {
  it('uses KB to PB in 1024 steps with two decimals', () => {
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(500)).toBe('0.49 KB');
    expect(formatFileSize(5 * 1024 ** 3)).toBe('5.00 GB');
    expect(formatFileSize(3 * 1024 ** 6)).toBe('3072.00 PB');
    expect(formatFileSize(null)).toBe('');
  });
});

describe('formatCell', () => {
  const study = {
    StudyDate: '20240131',
    StudyDateTime: '2024-01-31T09:30:15',
    PatientBirthDate: '19700102',
    ModalitiesInStudy: ['CT', 'MR'],
    CTDIvols: [12.345, 3],
    FileSize: 2048,
    PatientName: 'Doe^Jane',
    NumberOfStudyRelatedSeries: 3,
    StudyDescription: '',
  } as unknown as StudyItem;
  const context = { dateFormat: 'YYYY/MM/DD' };

  it('formats each kind of column', () => {
    expect(formatCell('StudyDate', study, context)).toBe('2024/01/31');
    expect(formatCell('StudyDateTime', study, context)).toBe('2024/01/31 09:30:15');
    expect(formatCell('PatientBirthDate', study, context)).toBe('1970/01/02');
    expect(formatCell('ModalitiesInStudy', study, context)).toBe('CT, MR');
    expect(formatCell('CTDIvols', study, context)).toBe('12.35, 3');
    expect(formatCell('FileSize', study, context)).toBe('2.00 KB');
    expect(formatCell('PatientName', study, context)).toBe('Doe Jane');
    expect(formatCell('NumberOfStudyRelatedSeries', study, context)).toBe('3');
    expect(formatCell('StudyDescription', study, context)).toBe('');
    expect(formatCell('Missing', study, context)).toBe('');
  });

  it('writes dates, counts and sizes in Persian digits in Persian, and leaves IDs and text as stored', () => {
    const before = uiStore.language;
    uiStore.setLanguage('fa');
    try {
      const row = { ...study, PatientID: 'ID-2024', AccessionNumber: 'A17' } as unknown as StudyItem;
      expect(formatCell('StudyDateTime', row, context)).toBe('۲۰۲۴/۰۱/۳۱ ۰۹:۳۰:۱۵');
      expect(formatCell('StudyDateTime', row, { dateFormat: 'DD-MM-YYYY' })).toBe('\u2066۳۱-۰۱-۲۰۲۴ ۰۹:۳۰:۱۵\u2069');
      expect(formatCell('NumberOfStudyRelatedSeries', row, context)).toBe('۳');
      expect(formatCell('FileSize', row, context)).toBe('۲٫۰۰ KB');
      expect(formatCell('CTDIvols', row, context)).toBe('۱۲٫۳۵, ۳');
      expect(formatCell('PatientID', row, context)).toBe('ID-2024');
      expect(formatCell('AccessionNumber', row, context)).toBe('A17');
      expect(formatFileSize(1536)).toBe('۱٫۵۰ KB');
      expect(formatInstant('2024-01-31T23:30:00Z', 'DD/MM/YYYY', 'UTC')).toBe('۳۱/۰۱/۲۰۲۴ ۲۳:۳۰:۰۰');
      uiStore.setLanguage('ar');
      expect(formatCell('StudyDateTime', row, context)).toBe('2024/01/31 09:30:15');
    } finally {
      uiStore.setLanguage(before);
    }
  });
});
