/**
 * What a toolbar command or a keyboard shortcut does in the viewer, as a pure function: from a
 * snapshot of the viewer (CommandContext) and the command to the effects to carry out, in order.
 * The study viewer carries them out (viewport service, MPR, its own state); the rules are tested
 * here without Cornerstone or React.
 */
import type { AnnotationStatus } from '@pacs/common';
import { clampFps, stepZoom, type CineRange } from '../../../viewer/interaction.ts';
import type { ModalityPreset } from '../../../viewer/presets.ts';
import { COLORMAPS, isInteractionFeature, type InteractionFeature } from '../../../viewer/viewer-config.ts';
import type { ShortcutAction } from '../shortcuts.ts';
import type { ViewerAction } from '../viewer-state.ts';
import type { ToolbarCommand } from './toolbar-command.ts';

/** The image on screen in the active viewport, as a key image names it. */
export interface ActiveImage {
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  /** 0 for a single-frame instance, else 1-based. */
  frame: number;
}

/** The viewer as a command finds it. */
export interface CommandContext {
  /** MPR is shown instead of the grid. */
  mpr: boolean;
  /** The series of the active viewport, if any. */
  activeSeriesUid: string | null;
  /** The active cell and the series each cell shows. */
  active: number;
  cells: readonly (string | null)[];
  /** The open study's series, in order. */
  seriesUids: readonly string[];
  /** Zoom (1 = fit) and image count of the active viewport. */
  zoom: number;
  count: number;
  cine: { playing: boolean; fps: number; loop: boolean; range: CineRange | null };
  sync: boolean;
  overlay: boolean;
  /** Other studies are being compared. */
  comparing: boolean;
  /** The newest study of the patient that could be compared, if any. */
  newestComparable: string | null;
  /** The active viewport's image, whether it belongs to the open study, and whether it is a key image. */
  image: ActiveImage | null;
  imageIsOwn: boolean;
  imageIsKey: boolean;
}

export type ViewerEffect =
  | { type: 'primary_tool'; feature: InteractionFeature }
  | { type: 'flip'; direction: 'horizontal' | 'vertical' }
  /** Back to the image's own display; the colour map choice goes back to grey. */
  | { type: 'reset' }
  | { type: 'mpr_reset' }
  | { type: 'cine_stop' }
  /** Starts cine; `restart`: it is playing and only its settings changed. */
  | { type: 'cine_start'; fps: number; range: CineRange | null; loop: boolean; restart: boolean }
  | { type: 'cine_settings'; fps?: number; loop?: boolean; range?: CineRange }
  | { type: 'save_annotations' }
  | { type: 'sync'; enabled: boolean }
  | { type: 'layout'; action: ViewerAction }
  | { type: 'compare'; studyUid: string }
  | { type: 'end_comparison' }
  | { type: 'key_image'; image: ActiveImage; marked: boolean }
  | { type: 'capture' }
  | { type: 'header_dialog' }
  | { type: 'overlay'; visible: boolean }
  | { type: 'window'; preset: ModalityPreset; mpr: boolean }
  | { type: 'invert' }
  | { type: 'zoom'; percent: number }
  | { type: 'rotate_by'; degrees: number }
  | { type: 'rotate_to'; degrees: number }
  | { type: 'scroll'; delta: number }
  | { type: 'export'; format: 'png' | 'jpeg' | 'dicom' }
  | { type: 'annotation_status'; status: AnnotationStatus }
  | { type: 'colormap'; key: string; name: string | null };

export type ViewerCommand = ToolbarCommand | { type: 'shortcut'; action: ShortcutAction };

/** Cine with new settings: restarted only if it is playing. */
function restartCine(context: CommandContext, fps: number, range: CineRange | null, loop: boolean): ViewerEffect[] {
  return context.cine.playing ? [{ type: 'cine_start', fps, range, loop, restart: true }] : [];
}

/** A toolbar feature (a button, or a shortcut's command). */
function feature(context: CommandContext, key: string): ViewerEffect[] {
  if (isInteractionFeature(key)) return [{ type: 'primary_tool', feature: key }];
  const { cine } = context;
  switch (key) {
    case 'flip_horizontal':
      return [{ type: 'flip', direction: 'horizontal' }];
    case 'flip_vertical':
      return [{ type: 'flip', direction: 'vertical' }];
    case 'reset':
      return [{ type: context.mpr ? 'mpr_reset' : 'reset' }];
    case 'cine':
      return cine.playing
        ? [{ type: 'cine_stop' }]
        : [{ type: 'cine_start', fps: cine.fps, range: cine.range, loop: cine.loop, restart: false }];
    case 'annotation_save':
      return [{ type: 'save_annotations' }];
    case 'sync':
      return [{ type: 'sync', enabled: !context.sync }];
    case 'mpr':
      return [{ type: 'layout', action: { type: 'mpr', seriesUid: context.mpr ? null : context.activeSeriesUid } }];
    case 'comparison':
      if (context.comparing) return [{ type: 'end_comparison' }];
      return context.newestComparable ? [{ type: 'compare', studyUid: context.newestComparable }] : [];
    case 'key_image':
      if (!context.image || !context.imageIsOwn) return [];
      return [{ type: 'key_image', image: context.image, marked: !context.imageIsKey }];
    case 'capture':
      return [{ type: 'capture' }];
    case 'dicom_header':
      return context.image ? [{ type: 'header_dialog' }] : [];
    case 'overlay':
      return [{ type: 'overlay', visible: !context.overlay }];
    default:
      return [];
  }
}

function shortcut(context: CommandContext, action: ShortcutAction): ViewerEffect[] {
  if (action.type === 'preset') return [{ type: 'window', preset: action.preset, mpr: context.mpr }];
  switch (action.key) {
    case 'next_image':
      return [{ type: 'scroll', delta: 1 }];
    case 'previous_image':
      return [{ type: 'scroll', delta: -1 }];
    case 'next_series':
    case 'previous_series': {
      const index = context.seriesUids.indexOf(context.cells[context.active] ?? '');
      const next = context.seriesUids[index + (action.key === 'next_series' ? 1 : -1)];
      return next ? [{ type: 'layout', action: { type: 'show_series', cell: context.active, seriesUid: next } }] : [];
    }
    default:
      return feature(context, action.key);
  }
}

/** The effects of `command` on the viewer described by `context`, in the order to carry them out. */
export function viewerCommand(context: CommandContext, command: ViewerCommand): ViewerEffect[] {
  switch (command.type) {
    case 'shortcut':
      return shortcut(context, command.action);
    case 'feature':
      return feature(context, command.key);
    case 'layout':
      return [{ type: 'layout', action: { type: 'set_layout', layout: command.layout, seriesUids: context.seriesUids } }];
    case 'image_layout':
      return [{ type: 'layout', action: { type: 'set_image_layout', layout: command.layout } }];
    case 'preset':
      return [{ type: 'window', preset: command.preset, mpr: context.mpr }];
    case 'invert':
      return [{ type: 'invert' }];
    case 'zoom_percent':
      return [{ type: 'zoom', percent: command.percent }];
    case 'zoom_step':
      return [{ type: 'zoom', percent: stepZoom(context.zoom * 100, command.delta) }];
    case 'rotate_by':
      return [{ type: 'rotate_by', degrees: command.degrees }];
    case 'rotate_to':
      return [{ type: 'rotate_to', degrees: command.degrees }];
    case 'cine_fps': {
      const fps = clampFps(command.fps);
      return [{ type: 'cine_settings', fps }, ...restartCine(context, fps, context.cine.range, context.cine.loop)];
    }
    case 'cine_loop':
      return [{ type: 'cine_settings', loop: command.loop }, ...restartCine(context, context.cine.fps, context.cine.range, command.loop)];
    case 'cine_range': {
      const last = Math.max(0, context.count - 1);
      const range = { from: Math.min(last, Math.max(0, command.from)), to: Math.min(last, Math.max(0, command.to)) };
      return [{ type: 'cine_settings', range }, ...restartCine(context, context.cine.fps, range, context.cine.loop)];
    }
    case 'export':
      return [{ type: 'export', format: command.format }];
    case 'annotation_status':
      return [{ type: 'annotation_status', status: command.status }];
    case 'colormap':
      return [{ type: 'colormap', key: command.key, name: COLORMAPS.find((item) => item.key === command.key)?.name ?? null }];
  }
}
