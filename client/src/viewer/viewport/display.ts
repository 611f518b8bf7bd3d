/**
 * Display operations on one ready stack viewport (window, invert, flip, rotation, zoom, colour
 * map, interpolation, reset). Each renders; the service then reads the new state for the overlay.
 */
import { Enums, type StackViewport } from '@cornerstonejs/core';
import { normaliseAngle } from '../interaction.ts';
import { windowToVoiRange, type WindowLevel } from '../presets.ts';
import type { ViewerDisplaySettings } from './viewport-state.ts';

export function setWindow(viewport: StackViewport, window: WindowLevel): void {
  viewport.setProperties({ voiRange: windowToVoiRange(window) });
  viewport.render();
}

export function toggleInvert(viewport: StackViewport): void {
  viewport.setProperties({ invert: !viewport.getProperties().invert });
  viewport.render();
}

export function flip(viewport: StackViewport, direction: 'horizontal' | 'vertical'): void {
  const camera = viewport.getCamera();
  if (direction === 'horizontal') viewport.setCamera({ flipHorizontal: !camera.flipHorizontal });
  else viewport.setCamera({ flipVertical: !camera.flipVertical });
  viewport.render();
}

/** Turns the image to `degrees` (0..360, clockwise). */
export function setRotation(viewport: StackViewport, degrees: number): void {
  viewport.setViewPresentation({ rotation: normaliseAngle(degrees) });
  viewport.render();
}

/** Zoom in percent of the fitted image. */
export function setZoomPercent(viewport: StackViewport, percent: number): void {
  viewport.setZoom(percent / 100);
  viewport.render();
}

/** A registered colour map by name, or null for plain grey. */
export function setColormap(viewport: StackViewport, name: string | null): void {
  viewport.setProperties({ colormap: { name: name ?? 'Grayscale' } });
  viewport.render();
}

export function applyInterpolation(viewport: StackViewport, interpolation: ViewerDisplaySettings['interpolation']): void {
  const type = interpolation === 'nearest_neighbor' ? Enums.InterpolationType.NEAREST : Enums.InterpolationType.LINEAR;
  viewport.setProperties({ interpolationType: type });
}

/** Back to the image's own window, no zoom, no pan, no rotation or flip, grey; then the interpolation. */
export function resetDisplay(viewport: StackViewport, interpolation: ViewerDisplaySettings['interpolation']): void {
  viewport.resetProperties();
  viewport.setViewPresentation({ rotation: 0 });
  viewport.setCamera({ flipHorizontal: false, flipVertical: false });
  viewport.resetCamera();
  applyInterpolation(viewport, interpolation);
  viewport.render();
}
