import { describe, expect, it } from 'vitest';
import { assignSeries, cellCount, layoutOf } from './layouts.ts';

describe('layouts', () => {
  it('knows the grid of each layout', () => {
    expect(layoutOf('1x2')).toMatchObject({ rows: 1, columns: 2 });
    expect(layoutOf('2x3')).toMatchObject({ rows: 2, columns: 3 });
    expect(layoutOf('9x9')).toMatchObject({ key: '1x1', rows: 1, columns: 1 });
    expect(layoutOf('bad')).toMatchObject({ key: '1x1' });
    expect(cellCount('1x1')).toBe(1);
    expect(cellCount('1x2')).toBe(2);
    expect(cellCount('2x2')).toBe(4);
  });

  it('fills new cells with series not shown yet and keeps existing cells', () => {
    expect(assignSeries('1x1', [], ['a', 'b'])).toEqual(['a']);
    expect(assignSeries('2x2', ['b'], ['a', 'b', 'c'])).toEqual(['b', 'a', 'c', null]);
    expect(assignSeries('1x2', ['c', 'a', 'b', null], ['a', 'b', 'c'])).toEqual(['c', 'a']);
  });
});
