import { describe, expect, it } from 'vitest';
import { lineDay } from './log-files.ts';

describe('lineDay', () => {
  it('reads the date each process writes', () => {
    expect(lineDay('2026-11-26T08:00:00.000Z INFO  adapter')).toBe('2026-11-26');
    expect(lineDay('2026-11-26 08:00:00.123 UTC [42] LOG:  database system is ready')).toBe('2026-11-26');
    expect(lineDay('2026/11/26 08:00:00 [warn] 1#1: nginx')).toBe('2026-11-26');
    expect(lineDay('I1126 08:00:00.123456 main.cpp:1] Orthanc has started')).toBe('--11-26');
    expect(lineDay('E0101 00:00:00.000001 x.cpp:2] error')).toBe('--01-01');
  });

  it('leaves undated lines to the line before', () => {
    for (const line of ['    at frame (file.ts:1:1)', '', 'Debug output', 'I11 08:00', '2026-11-26']) expect(lineDay(line)).toBeNull();
  });
});
