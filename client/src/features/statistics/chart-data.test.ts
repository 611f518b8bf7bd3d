import { describe, expect, it } from 'vitest';
import { CHART_PALETTE, allZero, capMarker, modalityBars, modalitySlices } from './chart-data.ts';

describe('statistics chart data', () => {
  it('has 25 distinct colours', () => {
    expect(CHART_PALETTE).toHaveLength(25);
    expect(new Set(CHART_PALETTE).size).toBe(25);
  });

  it('stacks modalities per period and sums them into slices', () => {
    const rows = [
      { Date: '2025-02', Modality: 'CT', Count: 2 },
      { Date: '2025-01', Modality: 'CT', Count: 1 },
      { Date: '2025-01', Modality: 'MR', Count: 3 },
      { Date: '2025-02', Modality: 'MR', Count: 0 },
      { Date: '2025-02', Modality: 'SR', Count: 0 },
    ];
    expect(modalityBars(rows)).toEqual({
      keys: ['CT', 'MR', 'SR'],
      bars: [
        { Date: '2025-01', CT: 1, MR: 3 },
        { Date: '2025-02', CT: 2, MR: 0, SR: 0 },
      ],
    });
    expect(modalitySlices(rows).map((slice) => [slice.id, slice.value])).toEqual([
      ['CT', 3],
      ['MR', 3],
    ]);
  });

  it('draws a cap only when set, the monthly share cap only on months', () => {
    expect(capMarker(0)).toBeNull();
    expect(capMarker(10)).toBe(10);
    expect(capMarker(10, { monthlyOnly: true, unit: 'day' })).toBeNull();
    expect(capMarker(10, { monthlyOnly: true, unit: 'month' })).toBe(10);
    expect(allZero([0, 0])).toBe(true);
  });
});
