import { describe, expect, it } from 'vitest';
import { exportSelection } from './export-items.ts';
import { seriesNode, studyNode } from './selection.ts';
import type { SeriesItem, StudyItem } from './types.ts';

function study(uid: string, selected: boolean, series: [string, boolean][] | null) {
  const node = studyNode({ StudyInstanceUID: uid } as StudyItem);
  node.is_selected = selected;
  node.series = series && series.map(([seriesUid, on]) => seriesNode({ SeriesInstanceUID: seriesUid } as SeriesItem, on));
  return node;
}

describe('exportSelection', () => {
  it('sends a selected study whole and the selected series of the others', () => {
    const rows = [
      study('1', true, [['1.1', true]]),
      study('2', false, [
        ['2.1', true],
        ['2.2', false],
        ['2.3', true],
      ]),
      study('3', false, null),
      study('4', true, null),
    ];
    expect(exportSelection(rows)).toEqual({
      items: [
        { StudyInstanceUID: '1' },
        { StudyInstanceUID: '2', SeriesInstanceUID: '2.1' },
        { StudyInstanceUID: '2', SeriesInstanceUID: '2.3' },
        { StudyInstanceUID: '4' },
      ],
      studies: 2,
      series: 2,
    });
  });

  it('is empty when nothing is selected', () => {
    expect(exportSelection([study('1', false, [['1.1', false]])])).toEqual({ items: [], studies: 0, series: 0 });
  });
});
