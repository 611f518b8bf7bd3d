import { describe, expect, it } from 'vitest';
import {
  instanceNode,
  selectAll,
  selectOnly,
  selectRange,
  selectedResources,
  seriesNode,
  setSelected,
  studiesWithSelection,
  studyNode,
  toggleSelected,
  type RowRef,
  type StudyNode,
} from './selection.ts';
import type { InstanceItem, SeriesItem, StudyItem } from './types.ts';

function tree(count: number): StudyNode[] {
  return Array.from({ length: count }, (_, index) => {
    const study = studyNode({ StudyInstanceUID: `st${index}` } as StudyItem);
    study.series = [0, 1].map((s) => {
      const series = seriesNode({ SeriesInstanceUID: `st${index}.se${s}` } as SeriesItem, false);
      series.instances = [0, 1].map((i) => instanceNode({ SOPInstanceUID: `st${index}.se${s}.in${i}` } as InstanceItem, false));
      return series;
    });
    return study;
  });
}

const studyRef = (study: StudyNode): RowRef => ({ level: 'study', study });

function seriesRef(study: StudyNode, index: number): RowRef {
  const series = study.series?.[index];
  if (!series) throw new Error('no series');
  return { level: 'series', study, series };
}

function instanceRef(study: StudyNode, seriesIndex: number, index: number): RowRef {
  const series = study.series?.[seriesIndex];
  const instance = series?.instances?.[index];
  if (!series || !instance) throw new Error('no instance');
  return { level: 'instance', study, series, instance };
}

describe('selection rules', () => {
  it('selecting a study selects its series and instances', () => {
    const [study] = tree(1) as [StudyNode];
    setSelected(studyRef(study), true);
    expect(study.series?.every((series) => series.is_selected && series.instances?.every((i) => i.is_selected))).toBe(true);
  });

  it('deselecting a child deselects its parent and grandparent, not its siblings', () => {
    const [study] = tree(1) as [StudyNode];
    setSelected(studyRef(study), true);
    setSelected(instanceRef(study, 0, 1), false);
    expect(study.is_selected).toBe(false);
    expect(study.series?.[0]?.is_selected).toBe(false);
    expect(study.series?.[0]?.instances?.[0]?.is_selected).toBe(true);
    expect(study.series?.[1]?.is_selected).toBe(true);
  });

  it('a plain click is exclusive; ctrl toggles one', () => {
    const studies = tree(3);
    const [a, b] = studies as [StudyNode, StudyNode];
    selectOnly(studies, studyRef(a));
    selectOnly(studies, studyRef(b));
    expect(studies.map((s) => s.is_selected)).toEqual([false, true, false]);
    toggleSelected(studyRef(a));
    expect(studies.map((s) => s.is_selected)).toEqual([true, true, false]);
    toggleSelected(studyRef(b));
    expect(studies.map((s) => s.is_selected)).toEqual([true, false, false]);
    expect(b.series?.[0]?.is_selected).toBe(false);
  });

  it('shift selects the range from the anchor among siblings', () => {
    const studies = tree(5);
    const [, second, , fourth] = studies as [StudyNode, StudyNode, StudyNode, StudyNode];
    selectRange(studies, studyRef(fourth), studyRef(second));
    expect(studies.map((s) => s.is_selected)).toEqual([false, true, true, true, false]);
  });

  it('shift without an anchor at the same level acts as a plain click', () => {
    const studies = tree(2);
    const [first] = studies as [StudyNode];
    selectRange(studies, studyRef(studies[1] as StudyNode), seriesRef(first, 1));
    expect(first.series?.map((s) => s.is_selected)).toEqual([false, true]);
    expect(studies[1]?.is_selected).toBe(false);
  });

  it('select all sets every study', () => {
    const studies = tree(3);
    selectAll(studies, true);
    expect(studies.every((s) => s.is_selected)).toBe(true);
    selectAll(studies, false);
    expect(studiesWithSelection(studies)).toEqual([]);
  });

  it('counts a study whose series is selected as having a selection', () => {
    const studies = tree(3);
    setSelected(seriesRef(studies[2] as StudyNode, 0), true);
    expect(studiesWithSelection(studies).map((s) => s.item.StudyInstanceUID)).toEqual(['st2']);
  });

  it('series loaded under a selected study arrive selected', () => {
    expect(seriesNode({} as SeriesItem, true).is_selected).toBe(true);
    expect(instanceNode({} as InstanceItem, false).is_selected).toBe(false);
  });
});

describe('selected resources', () => {
  it('names a selected study whole, else its selected series, else its selected instances', () => {
    const studies = tree(3);
    setSelected(studyRef(studies[0]!), true);
    setSelected(seriesRef(studies[1]!, 1), true);
    setSelected(instanceRef(studies[2]!, 0, 1), true);
    expect(selectedResources(studies)).toEqual([
      { StudyInstanceUID: 'st0' },
      { StudyInstanceUID: 'st1', SeriesInstanceUID: 'st1.se1' },
      { StudyInstanceUID: 'st2', SeriesInstanceUID: 'st2.se0', SOPInstanceUID: 'st2.se0.in1' },
    ]);
  });

  it('names nothing when nothing is selected', () => {
    expect(selectedResources(tree(2))).toEqual([]);
  });
});
