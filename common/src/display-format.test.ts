import { describe, expect, it } from 'vitest';
import {
  formatDicomDate,
  formatDicomDateTime,
  formatFileSize,
  formatInstant,
  languageDigits,
  withLanguageDigits,
} from './display-format.ts';
import { typedPersonName } from './person-name.ts';

describe('the display formats', () => {
  it('lays DICOM dates out in each of the site formats', () => {
    expect(formatDicomDate('20240131', 'YYYY-MM-DD')).toBe('2024-01-31');
    expect(formatDicomDate('20240131', 'MM/DD/YYYY')).toBe('01/31/2024');
    expect(formatDicomDate('20240131', 'DD-MM-YYYY')).toBe('31-01-2024');
    expect(formatDicomDateTime('2024-01-31T09:30:15', 'YYYY/MM/DD')).toBe('2024/01/31 09:30:15');
    // An unknown format never produces a garbled date.
    expect(formatDicomDate('20240131', 'YYYYY')).toBe('2024-01-31');
  });

  it('shows instants in the site time zone, the day changing with it', () => {
    const at = '2024-01-31T23:30:00Z';
    expect(formatInstant(at, 'DD/MM/YYYY', 'UTC')).toBe('31/01/2024 23:30:00');
    expect(formatInstant(at, 'DD/MM/YYYY', 'Asia/Tokyo')).toBe('01/02/2024 08:30:00');
    expect(formatInstant(at, 'YYYY-MM-DD', 'America/New_York', { withSeconds: false })).toBe('2024-01-31 18:30');
    expect(formatInstant('not a date', 'YYYY-MM-DD', 'UTC')).toBe('not a date');
  });
});

describe('typed person names', () => {
  it('turn spaces into carets when the site asks, keeping groups written with carets', () => {
    expect(typedPersonName('Yamada Tarou', true)).toBe('Yamada^Tarou');
    expect(typedPersonName('Yamada  Tarou=山田 太郎', true)).toBe('Yamada^Tarou=山田^太郎');
    expect(typedPersonName('van der Berg^Jan', true)).toBe('van der Berg^Jan');
    expect(typedPersonName('Yamada Tarou', false)).toBe('Yamada Tarou');
  });
});

describe("the interface language's digits", () => {
  it('writes Persian dates, times, sizes and counts in Extended Arabic-Indic digits', () => {
    expect(languageDigits('fa')).toBe('۰۱۲۳۴۵۶۷۸۹');
    expect(withLanguageDigits(formatDicomDate('20240131', 'YYYY/MM/DD'), 'fa')).toBe('۲۰۲۴/۰۱/۳۱');
    // Hyphens between Arabic-script digits would reverse the date's parts: it is isolated left to right.
    expect(withLanguageDigits(formatDicomDateTime('2024-01-31T09:30:15', 'YYYY-MM-DD'), 'fa')).toBe('\u2066۲۰۲۴-۰۱-۳۱ ۰۹:۳۰:۱۵\u2069');
    expect(withLanguageDigits(formatInstant('2024-01-31T23:30:00Z', 'DD/MM/YYYY', 'UTC'), 'fa')).toBe('۳۱/۰۱/۲۰۲۴ ۲۳:۳۰:۰۰');
    // The decimal point between digits becomes the Persian decimal separator; the unit stays.
    expect(withLanguageDigits(formatFileSize(1536), 'fa')).toBe('۱٫۵۰ KB');
    expect(withLanguageDigits('12', 'fa')).toBe('۱۲');
    expect(withLanguageDigits('', 'fa')).toBe('');
    // No Latin digit is left behind.
    expect(withLanguageDigits('2024-01-31 09:30:15 1.50', 'fa')).not.toMatch(/[0-9]/);
  });

  it('keeps Latin digits for Arabic (as CLDR writes it) and every other language', () => {
    for (const lang of ['ar', 'en', 'he', 'ja', 'ko', 'zh-CN', 'bg', 'vi', 'pt-BR']) {
      expect(languageDigits(lang)).toBeNull();
      expect(withLanguageDigits('2024-01-31 1.50 KB', lang)).toBe('2024-01-31 1.50 KB');
    }
  });

  it('leaves text without digits, and unknown languages, alone', () => {
    expect(withLanguageDigits('CT, MR', 'fa')).toBe('CT, MR');
    expect(withLanguageDigits('2024', 'not a language tag!')).toBe('2024');
  });
});
