/**
 * CT window presets (spec 2 §9: width/centre 350/50, 1800/500, 80/30, 1500/-550, 350/30 for
 * abdomen, bone, brain, lungs, mediastinum) and the conversions between a window (width, centre)
 * and the VOI range Cornerstone works with.
 */
export interface WindowLevel {
  width: number;
  center: number;
}

export interface VoiRange {
  lower: number;
  upper: number;
}

export type CtPresetKey = 'abdomen' | 'bone' | 'brain' | 'lungs' | 'mediastinum';

export interface CtPreset extends WindowLevel {
  key: CtPresetKey;
}

export const CT_PRESETS: readonly CtPreset[] = [
  { key: 'abdomen', width: 350, center: 50 },
  { key: 'bone', width: 1800, center: 500 },
  { key: 'brain', width: 80, center: 30 },
  { key: 'lungs', width: 1500, center: -550 },
  { key: 'mediastinum', width: 350, center: 30 },
];

/** The VOI range of a linear window: centre ± width / 2. */
export function windowToVoiRange({ width, center }: WindowLevel): VoiRange {
  return { lower: center - width / 2, upper: center + width / 2 };
}

export function voiRangeToWindow({ lower, upper }: VoiRange): WindowLevel {
  return { width: upper - lower, center: (lower + upper) / 2 };
}
