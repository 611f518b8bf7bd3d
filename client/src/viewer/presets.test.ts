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
    expect(windowToVoiRange({ width: 1500, center: -550 })).toEqual({ lower: -1300, upper: 199 });
    expect(voiRangeToWindow({ lower: -1300, upper: 199 })).toEqual({ width: 1500, center: -550 });
    // A file's 400/40 as Cornerstone's LINEAR range: shown as 400/40 again.
    expect(voiRangeToWindow({ lower: -160, upper: 239 })).toEqual({ width: 400, center: 40 });
    for (const preset of CT_PRESETS)
      expect(voiRangeToWindow(windowToVoiRange(preset))).toEqual({ width: preset.width, center: preset.center });
  });
});

describe('presets per modality', () => {
  it('offers the CT five with keys 1 to 5 when there are no settings', async () => {
    const { presetsFor } = await import('./presets.ts');
    expect(presetsFor(undefined, 'CT').map((p) => [p.label, p.keyboard])).toEqual([
      ['Abdomen', '1'],
      ['Bone', '2'],
      ['Brain', '3'],
      ['Lungs', '4'],
      ['Mediastinum', '5'],
    ]);
    expect(presetsFor(undefined, 'MR')).toEqual([]);
  });

  it('takes the presets of the modality from the settings', async () => {
    const { presetsFor } = await import('./presets.ts');
    const settings = [
      { key: 'a', label: 'Brain MR', modality: 'MR', ww: 400, wc: 200, keyboard: '7' },
      { key: 'b', label: 'Lungs', modality: 'CT', ww: 1500, wc: -550, keyboard: '4' },
    ];
    expect(presetsFor(settings, 'MR')).toEqual([{ key: 'a', label: 'Brain MR', modality: 'MR', width: 400, center: 200, keyboard: '7' }]);
    expect(presetsFor(settings, null)).toEqual([]);
  });
});
