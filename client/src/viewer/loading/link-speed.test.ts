import { describe, expect, it } from 'vitest';
import { LinkProbe } from './link-speed.ts';

/** Parts of `size` bytes arriving every `everyMs`; the answer at each part. */
function probe(size: number, everyMs: number, parts: number): boolean[] {
  const link = new LinkProbe();
  return Array.from({ length: parts }, (_, index) => link.slow(size, 1000 + index * everyMs));
}

describe('LinkProbe', () => {
  it('calls a 30 or 50 Mbit/s link slow, once, after a megabyte past the first part', () => {
    // 525,660-byte slices at 3.75 MB/s: one every 140 ms.
    expect(probe(525_660, 140, 5)).toEqual([false, false, true, false, false]);
    expect(probe(525_660, 84, 3)).toEqual([false, false, true]); // 50 Mbit/s
  });

  it('calls loopback or a LAN fast, even slowed down by a busy machine', () => {
    expect(probe(525_660, 5, 5)).toEqual([false, false, false, false, false]); // 1 Gbit/s
    expect(probe(131_072, 4.7, 12)).toEqual(Array<boolean>(12).fill(false)); // 28 MB/s
    expect(probe(525_660, 0, 4)).toEqual([false, false, false, false]); // within the timer's resolution
  });

  it('does not decide on less than a megabyte', () => {
    expect(probe(100_000, 500, 10)).toEqual(Array<boolean>(10).fill(false));
  });
});
