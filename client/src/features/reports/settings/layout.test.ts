import { describe, expect, it } from 'vitest';
import { moveEntry } from '../../../lib/move-entry.ts';
import { completeLayout, defaultLayout, normaliseLayout } from './layout.ts';

describe('report layout', () => {
  it('completes a stored layout with the missing sections, hidden', () => {
    const layout = completeLayout([
      { key: 'impression', label: 'Conclusion', is_visible: true },
      { key: 'bogus', label: 'x', is_visible: true },
      { key: 'impression', label: 'again', is_visible: false },
    ]);
    expect(layout.map((item) => item.key)).toEqual([
      'impression',
      'findings',
      'comments',
      'row_1',
      'row_2',
      'row_3',
      'row_4',
      'row_5',
      'row_6',
      'row_7',
    ]);
    expect(layout[0]).toEqual({ key: 'impression', label: 'Conclusion', is_visible: true });
    expect(layout.find((item) => item.key === 'findings')?.is_visible).toBe(false);
    expect(completeLayout(undefined)).toEqual(defaultLayout());
  });

  it('restores blank labels and moves sections', () => {
    expect(normaliseLayout([{ key: 'row_1', label: '  ', is_visible: true }])).toEqual([
      { key: 'row_1', label: 'Row 1', is_visible: true },
    ]);
    const moved = moveEntry(defaultLayout(), 0, 1);
    expect(moved.slice(0, 2).map((item) => item.key)).toEqual(['impression', 'findings']);
    expect(moveEntry(defaultLayout(), 0, -1)).toEqual(defaultLayout());
  });
});
