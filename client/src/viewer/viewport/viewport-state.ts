/**
 * What the viewport service tells the screen about each stack viewport (ViewportState), its
 * settings, and the ids it registers with Cornerstone. Shared by the service (viewport-service.ts)
 * and its parts in this folder.
 */
import type { StackViewport } from '@cornerstonejs/core';
import { normaliseAngle } from '../interaction.ts';
import { voiRangeToWindow, type WindowLevel } from '../presets.ts';
import type { MouseSettings } from '../viewer-config.ts';

export const RENDERING_ENGINE_ID = 'pacs-viewer';
export const TOOL_GROUP_ID = 'pacs-stack';
export const SYNC_IDS = { scroll: 'pacs-sync-scroll', window_level: 'pacs-sync-voi', zoom_pan: 'pacs-sync-zoom-pan' } as const;
/** Reference lines stand apart from the measurements' green and red. */
export const REFERENCE_LINE_COLOR = '#ffd400';

export interface ViewportState {
  /** 0-based index of the shown image, -1 before the first image. */
  index: number;
  count: number;
  window: WindowLevel | null;
  /** Zoom relative to the fitted image (1 = fit). */
  zoom: number;
  /** Degrees, 0..359. */
  rotation: number;
  flipHorizontal: boolean;
  flipVertical: boolean;
  invert: boolean;
  /** The image id on screen (for the overlay, key images and the header dialog). */
  imageId: string | null;
  status: 'empty' | 'loading' | 'ready' | 'failed';
  /** The transfer syntax UID of an image that could not be displayed, when known. */
  failedTransferSyntax: string | null;
  /** The image id that could not be displayed (its file tells what the object is instead). */
  failedImageId: string | null;
}

export type ViewportListener = (state: ViewportState) => void;

export const EMPTY_VIEWPORT_STATE: ViewportState = {
  index: -1,
  count: 0,
  window: null,
  zoom: 1,
  rotation: 0,
  flipHorizontal: false,
  flipVertical: false,
  invert: false,
  imageId: null,
  status: 'empty',
  failedTransferSyntax: null,
  failedImageId: null,
};

export interface ViewerDisplaySettings {
  mouse: MouseSettings;
  color: { annotation: string; active: string };
  fontSize: number;
  interpolation: 'bilinear' | 'nearest_neighbor' | 'bicubic';
  magnifier: { zoom: number; size: number };
}

export const DEFAULT_DISPLAY: ViewerDisplaySettings = {
  mouse: { left: 'window_level', middle: 'zoom', right: 'pan' },
  color: { annotation: '#00ff00', active: '#ff3333' },
  fontSize: 13,
  interpolation: 'bilinear',
  magnifier: { zoom: 200, size: 300 },
};

/** Asks the user for an annotation's text; resolves null when cancelled. */
export type TextRequester = (initial: string) => Promise<string | null>;

/** One enabled stack viewport. */
export interface Entry {
  imageIds: string[];
  state: ViewportState;
  listener: ViewportListener;
  detach: () => void;
  /** Bumped by every setStack so late answers for an older stack are ignored. */
  generation: number;
  element: HTMLDivElement;
}

/** `state` with what `viewport` shows now (image, window, camera), for a ready viewport. */
export function readViewportState(viewport: StackViewport, imageIds: readonly string[], state: ViewportState): ViewportState {
  const { voiRange, invert } = viewport.getProperties();
  const camera = viewport.getCamera();
  const index = viewport.getCurrentImageIdIndex();
  return {
    ...state,
    index,
    count: imageIds.length,
    window: voiRange ? voiRangeToWindow(voiRange) : null,
    zoom: viewport.getZoom(),
    rotation: normaliseAngle(viewport.getViewPresentation().rotation ?? 0),
    flipHorizontal: !!camera.flipHorizontal,
    flipVertical: !!camera.flipVertical,
    invert: !!invert,
    imageId: imageIds[index] ?? null,
  };
}

/** Whether two states show the same image the same way (the overlay need not change). */
export function sameDisplay(prev: ViewportState, next: ViewportState): boolean {
  return (
    prev.index === next.index &&
    prev.count === next.count &&
    prev.zoom === next.zoom &&
    prev.rotation === next.rotation &&
    prev.flipHorizontal === next.flipHorizontal &&
    prev.flipVertical === next.flipVertical &&
    prev.invert === next.invert &&
    prev.imageId === next.imageId &&
    prev.window?.width === next.window?.width &&
    prev.window?.center === next.window?.center
  );
}
