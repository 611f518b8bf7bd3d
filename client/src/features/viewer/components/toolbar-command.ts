/** What the viewer toolbar shows (ToolbarState) and what it asks the viewer to do (ToolbarCommand). */
import type { AnnotationStatus } from '@pacs/common';
import type { LayoutKey } from '../../../viewer/layouts.ts';
import type { ModalityPreset } from '../../../viewer/presets.ts';

/** Everything the toolbar shows as pressed or chosen. */
export interface ToolbarState {
  layout: LayoutKey;
  imageLayout: LayoutKey;
  /** The feature holding the left mouse button. */
  primary: string | null;
  presets: readonly ModalityPreset[];
  cinePlaying: boolean;
  cineFps: number;
  cineLoop: boolean;
  cineRange: { from: number; to: number; count: number };
  sync: boolean;
  /** Another study of the patient is being compared. */
  comparison: boolean;
  mpr: boolean;
  keyImage: boolean;
  overlay: boolean;
  annotationStatus: AnnotationStatus;
  colormap: string;
  zoomPresets: readonly number[];
  zoomSteps: readonly number[];
  canSaveAnnotations: boolean;
}

export type ToolbarCommand =
  | { type: 'feature'; key: string }
  | { type: 'layout'; layout: LayoutKey }
  | { type: 'image_layout'; layout: LayoutKey }
  | { type: 'preset'; preset: ModalityPreset }
  | { type: 'invert' }
  | { type: 'zoom_percent'; percent: number }
  | { type: 'zoom_step'; delta: number }
  | { type: 'rotate_by'; degrees: number }
  | { type: 'rotate_to'; degrees: number }
  | { type: 'cine_fps'; fps: number }
  | { type: 'cine_loop'; loop: boolean }
  | { type: 'cine_range'; from: number; to: number }
  | { type: 'export'; format: 'png' | 'jpeg' | 'dicom' }
  | { type: 'annotation_status'; status: AnnotationStatus }
  | { type: 'colormap'; key: string };
