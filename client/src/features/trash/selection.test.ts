import { describe, expect, it } from 'vitest';
import type { TrashId } from '@pacs/common';
import { check, isChecked, NO_SELECTION, selectedIds, selectionSummary, toggle, uncheck, type ChildrenOf } from './selection.ts';

// study-1 holds series-10 (instances 100, 101) and series-11 (instance 110); study-2 is not expanded.
const TREE: Record<string, TrashId[]> = {
  'study-1': ['series-10', 'series-11'],
  'series-10': ['instance-100', 'instance-101'],
  'series-11': ['instance-110'],
};
const childrenOf: ChildrenOf = (id) => TREE[id];

describe('recycle bin selection', () => {
  it('selecting a study checks all its series and instances and sends only the study', () => {
    const selection = check(NO_SELECTION, ['study-1'], childrenOf);
    expect(isChecked(selection, ['study-1', 'series-10'])).toBe(true);
    expect(isChecked(selection, ['study-1', 'series-10', 'instance-101'])).toBe(true);
    expect(isChecked(selection, ['study-2'])).toBe(false);
    expect(selectedIds(selection)).toEqual(['study-1']);
  });

  it('a study selected after some of its children replaces them', () => {
    let selection = check(NO_SELECTION, ['study-1', 'series-10', 'instance-100'], childrenOf);
    selection = check(selection, ['study-1', 'series-11'], childrenOf);
    expect(selectedIds(selection)).toEqual(['series-11', 'instance-100']);
    selection = check(selection, ['study-1'], childrenOf);
    expect(selectedIds(selection)).toEqual(['study-1']);
  });

  it('deselecting an instance of a selected study deselects the study and its series, and keeps the rest', () => {
    const selection = uncheck(check(NO_SELECTION, ['study-1'], childrenOf), ['study-1', 'series-10', 'instance-100'], childrenOf);
    expect(isChecked(selection, ['study-1'])).toBe(false);
    expect(isChecked(selection, ['study-1', 'series-10'])).toBe(false);
    expect(isChecked(selection, ['study-1', 'series-10', 'instance-101'])).toBe(true);
    expect(isChecked(selection, ['study-1', 'series-11', 'instance-110'])).toBe(true);
    expect(selectedIds(selection)).toEqual(['series-11', 'instance-101']);
  });

  it('deselecting a series deselects its instances', () => {
    let selection = check(NO_SELECTION, ['study-1', 'series-10'], childrenOf);
    selection = toggle(selection, ['study-1', 'series-10'], childrenOf);
    expect(selection.size).toBe(0);
  });

  it('checking an already checked row changes nothing', () => {
    const selection = check(NO_SELECTION, ['study-1'], childrenOf);
    expect(check(selection, ['study-1', 'series-11'], childrenOf)).toBe(selection);
  });

  it('counts what each level names', () => {
    const selection = new Set<TrashId>(['study-2', 'study-3', 'series-11', 'instance-100']);
    expect(selectionSummary(selection)).toEqual({ studies: 2, series: 1, instances: 1 });
    expect(selectedIds(selection)).toEqual(['study-2', 'study-3', 'series-11', 'instance-100']);
  });
});
