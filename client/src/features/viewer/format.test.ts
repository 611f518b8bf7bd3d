import { describe, expect, it } from 'vitest';
import { formatDicomDate, formatPersonName } from './format.ts';

describe('viewer formatting', () => {
  it('shows person names without carets and without ideographic groups', () => {
    expect(formatPersonName('CompressedSamples^CT1')).toBe('CompressedSamples CT1');
    expect(formatPersonName('Yamada^Tarou=山田^太郎=やまだ^たろう')).toBe('Yamada Tarou');
    expect(formatPersonName('')).toBe('');
  });

  it('shows DICOM dates as YYYY-MM-DD', () => {
    expect(formatDicomDate('20040119')).toBe('2004-01-19');
    expect(formatDicomDate('2004-01-19')).toBe('2004-01-19');
    expect(formatDicomDate(null)).toBe('');
  });
});
