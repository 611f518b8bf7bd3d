import { describe, expect, it } from 'vitest';
import { isSlowLink, type TimedDownload } from './link-speed.ts';

const file = (bytes: number, ms: number, name = '/viewer/api/wado?requestType=WADO&objectUID=1'): TimedDownload => ({
  name,
  encodedBodySize: bytes,
  responseStart: 1000,
  responseEnd: 1000 + ms,
});

describe('isSlowLink', () => {
  it('calls a 30 or 50 Mbit/s link slow and loopback or a LAN fast', () => {
    expect(isSlowLink([file(525_660, 140)])).toBe(true); // 3.75 MB/s
    expect(isSlowLink([file(525_660, 84)])).toBe(true); // 50 Mbit/s
    expect(isSlowLink([file(525_660, 5)])).toBe(false); // 1 Gbit/s
    expect(isSlowLink([file(132_414, 4.7)])).toBe(false); // loopback at a load average of 16: 28 MB/s
    expect(isSlowLink([file(525_660, 0)])).toBe(false); // within the timer's resolution
  });

  it('counts the fastest file, only whole files, and only files large enough to time', () => {
    expect(isSlowLink([file(525_660, 140), file(525_660, 3)])).toBe(false);
    expect(isSlowLink([file(525_660, 140, '/viewer/assets/study-viewer.js')])).toBe(false);
    expect(isSlowLink([file(2_000, 50)])).toBe(false);
    expect(isSlowLink([{ ...file(525_660, 140), responseStart: 0 }])).toBe(false);
    expect(isSlowLink([])).toBe(false);
  });
});
