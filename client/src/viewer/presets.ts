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

/**
 * The VOI range of a window by DICOM's LINEAR function (PS3.3 C.11.2.1.2), as Cornerstone turns
 * a file's Window Center/Width into its range: c - 0.5 ± (w - 1) / 2.
 */
export function windowToVoiRange({ width, center }: WindowLevel): VoiRange {
  return { lower: center - 0.5 - (width - 1) / 2, upper: center - 0.5 + (width - 1) / 2 };
}

/** The window of a VOI range, the inverse of `windowToVoiRange` (a file's 400/40 reads 400/40). */
export function voiRangeToWindow({ lower, upper }: VoiRange): WindowLevel {
  return { width: upper - lower + 1, center: (lower + upper + 1) / 2 };
}

/** A window preset as the toolbar offers it: from the user's settings, or the CT defaults. */
export interface ModalityPreset extends WindowLevel {
  key: string;
  label: string;
  modality: string;
  /** Keyboard key that applies it (spec 2 §3), '' for none. */
  keyboard: string;
}

export interface PresetSetting {
  key: string;
  label: string;
  modality: string;
  ww: number;
  wc: number;
  keyboard: string;
}

const CT_LABELS: Record<CtPresetKey, string> = {
  abdomen: 'Abdomen',
  bone: 'Bone',
  brain: 'Brain',
  lungs: 'Lungs',
  mediastinum: 'Mediastinum',
};

/** The presets for images of `modality`: the user's per-modality list, the CT five when there are no settings. */
export function presetsFor(settings: readonly PresetSetting[] | undefined, modality: string | null | undefined): ModalityPreset[] {
  if (!modality) return [];
  if (!settings) {
    return modality === 'CT'
      ? CT_PRESETS.map((preset, index) => ({ ...preset, label: CT_LABELS[preset.key], modality: 'CT', keyboard: String(index + 1) }))
      : [];
  }
  return settings
    .filter((preset) => preset.modality === modality)
    .map((preset) => ({
      key: preset.key,
      label: preset.label,
      modality: preset.modality,
      width: preset.ww,
      center: preset.wc,
      keyboard: preset.keyboard,
    }));
}
