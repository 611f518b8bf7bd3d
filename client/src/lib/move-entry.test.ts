import { describe, expect, it } from 'vitest';
import { moveEntry } from './move-entry.ts';

describe('moveEntry', () => {
  it('swaps an entry with its neighbour', () => {
    expect(moveEntry(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
  });

  it('moves nothing past either end, and always returns a copy', () => {
    const items = ['a', 'b', 'c'];
    expect(moveEntry(items, 0, -1)).toEqual(items);
    expect(moveEntry(items, 2, 1)).toEqual(items);
    expect(moveEntry(items, 0, -1)).not.toBe(items);
  });
});
