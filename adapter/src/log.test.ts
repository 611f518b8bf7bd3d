/** The adapter's log writes one line per event, whatever text a peer put in the message. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log, printable } from './log.ts';

describe('log', () => {
  afterEach(() => vi.restoreAllMocks());

  it('escapes control characters, so a message cannot start a line of its own', () => {
    expect(printable('A\r\n2026-01-01T00:00:00.000Z INFO  forged\u001b[2J\u0000\u2028')).toBe(
      'A\\r\\n2026-01-01T00:00:00.000Z INFO  forged\\x1B[2J\\x00\\u2028',
    );
    expect(printable('Patient Ünal 山田')).toBe('Patient Ünal 山田');
  });

  it('writes each record, stack included, as one line', () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    log.warn('Forward to AET "EV\r\nI1126 11:2" refused');
    log.error('Request failed', new Error('first\nsecond'));
    expect(written).toHaveLength(2);
    for (const record of written) expect(record.indexOf('\n')).toBe(record.length - 1);
    expect(written[0]).toContain('AET "EV\\r\\nI1126 11:2" refused');
    expect(written[1]).toContain('Error: first\\nsecond\\n    at ');
  });
});
