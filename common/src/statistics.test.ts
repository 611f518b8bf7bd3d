import { describe, expect, it } from 'vitest';
import { MESSAGES } from './validation.ts';
import { defaultStart, parseStatisticsDate, parseStatisticsQuery, periodLabels, todayIn } from './statistics.ts';

describe('statistics queries', () => {
  it('reads both date forms and refuses dates the calendar lacks', () => {
    expect(parseStatisticsDate('20250310')).toBe('2025-03-10');
    expect(parseStatisticsDate('2024-02-29')).toBe('2024-02-29');
    expect(parseStatisticsDate('2025-02-29')).toBeNull();
    expect(parseStatisticsDate('2025-3-1')).toBeNull();
    expect(parseStatisticsDate(20250310)).toBeNull();
  });

  it('defaults to months over the last six, ending today', () => {
    expect(parseStatisticsQuery({}, '2025-03-10')).toEqual({
      ok: true,
      value: { unit: 'month', start: '2024-10-01', end: '2025-03-10', sum: false },
    });
    expect(defaultStart('2025-03-10', 'day')).toBe('2025-02-08');
    expect(defaultStart('2025-03-10', 'year')).toBe('2021-01-01');
  });

  it('names the field of every refusal', () => {
    expect(parseStatisticsQuery({ unit: 'week', sum: 'yes' }, '2025-03-10')).toEqual({
      ok: false,
      errors: { unit: MESSAGES.invalid, sum: MESSAGES.invalid },
    });
    expect(parseStatisticsQuery({ startdate: '2025-03-11', enddate: '2025-03-10' }, '2025-03-10')).toEqual({
      ok: false,
      errors: { startdate: MESSAGES.statistics_range_reversed },
    });
    expect(parseStatisticsQuery({ unit: 'day', startdate: '1990-01-01' }, '2025-03-10')).toEqual({
      ok: false,
      errors: { startdate: MESSAGES.statistics_range_too_long },
    });
    const names = { start: 'startstudydate', end: 'endstudydate' };
    expect(parseStatisticsQuery({ startstudydate: 'x' }, '2025-03-10', names)).toEqual({
      ok: false,
      errors: { startstudydate: MESSAGES.invalid },
    });
  });

  it('lists every period of a range, across month and year ends', () => {
    expect(periodLabels({ unit: 'day', start: '2024-12-30', end: '2025-01-02' })).toEqual([
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
    ]);
    expect(periodLabels({ unit: 'month', start: '2024-11-15', end: '2025-02-01' })).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(periodLabels({ unit: 'year', start: '2023-06-01', end: '2025-01-01' })).toEqual(['2023', '2024', '2025']);
  });

  it("tells today's date in a time zone", () => {
    const at = new Date('2025-03-10T20:30:00Z');
    expect(todayIn('UTC', at)).toBe('2025-03-10');
    expect(todayIn('Asia/Tokyo', at)).toBe('2025-03-11');
    expect(todayIn('Asia/Tehran', new Date('2025-03-10T20:29:00Z'))).toBe('2025-03-10');
  });
});
