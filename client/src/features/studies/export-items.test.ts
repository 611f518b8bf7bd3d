import { describe, expect, it } from 'vitest';
import { exportSelection } from './export-items.ts';
import { instanceNode, seriesNode, studyNode } from './selection.ts';
import type { InstanceItem, SeriesItem, StudyItem } from './types.ts';

type SeriesSpec = [uid: string, selected: boolean, instances?: [uid: string, selected: boolean][]];

function study(uid: string, selected: boolean, series: SeriesSpec[] | null, files = 10) {
  const node = studyNode({ StudyInstanceUID: uid, NumberOfStudyRelatedInstances: files } as StudyItem);
  node.is_selected = selected;
  node.series =
    series &&
    series.map(([seriesUid, on, instances]) => {
      const child = seriesNode({ SeriesInstanceUID: seriesUid, NumberOfSeriesRelatedInstances: 3 } as SeriesItem, on);
      child.instances = instances?.map(([sop, picked]) => instanceNode({ SOPInstanceUID: sop } as InstanceItem, picked)) ?? null;
      return child;
    });
  return node;
}

describe('exportSelection', () => {
  it('sends a selected study whole, the selected series of the others, and the selected instances of other series', () => {
    const rows = [
      study('1', true, [['1.1', true]]),
      study('2', false, [
        ['2.1', true],
        ['2.2', false],
        ['2.3', true],
      ]),
      study('3', false, null),
      study('4', true, null, 7),
      study('5', false, [
        [
          '5.1',
          false,
          [
            ['5.1.1', true],
            ['5.1.2', false],
            ['5.1.3', true],
          ],
        ],
      ]),
    ];
    const selection = exportSelection(rows);
    expect(selection.items).toEqual([
      { StudyInstanceUID: '1' },
      { StudyInstanceUID: '2', SeriesInstanceUID: '2.1' },
      { StudyInstanceUID: '2', SeriesInstanceUID: '2.3' },
      { StudyInstanceUID: '4' },
      { StudyInstanceUID: '5', SeriesInstanceUID: '5.1', SOPInstanceUID: '5.1.1' },
      { StudyInstanceUID: '5', SeriesInstanceUID: '5.1', SOPInstanceUID: '5.1.3' },
    ]);
    expect([selection.studies, selection.series, selection.instances, selection.files]).toEqual([2, 2, 2, 10 + 3 + 3 + 7 + 2]);
    expect(selection.rows.map((row) => [row.study.item.StudyInstanceUID, row.whole, row.series, row.instances])).toEqual([
      ['1', true, 0, 0],
      ['2', false, 2, 0],
      ['4', true, 0, 0],
      ['5', false, 0, 2],
    ]);
  });

  it('is empty when nothing is selected', () => {
    const selection = exportSelection([study('1', false, [['1.1', false]])]);
    expect(selection).toEqual({ items: [], studies: 0, series: 0, instances: 0, files: 0, rows: [] });
  });
});
