import { describe, expect, it } from 'vitest';
import { CT_PRESETS, voiRangeToWindow, windowToVoiRange } from './presets.ts';

describe('CT presets', () => {
  it('lists the five defaults of spec 2 §9 in order', () => {
    expect(CT_PRESETS.map((p) => [p.key, p.width, p.center])).toEqual([
      ['abdomen', 350, 50],
      ['bone', 1800, 500],
      ['brain', 80, 30],
      ['lungs', 1500, -550],
      ['mediastinum', 350, 30],
    ]);
  });

  it('turns a window into a VOI range and back', () => {
    expect(windowToVoiRange({ width: 1500, center: -550 })).toEqual({ lower: -1300, upper: 200 });
    expect(voiRangeToWindow({ lower: -1300, upper: 200 })).toEqual({ width: 1500, center: -550 });
    for (const preset of CT_PRESETS)
      expect(voiRangeToWindow(windowToVoiRange(preset))).toEqual({ width: preset.width, center: preset.center });
  });
});
