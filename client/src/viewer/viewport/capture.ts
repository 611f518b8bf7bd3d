/**
 * A viewport as the user sees it, as an image: the rendered canvas with Cornerstone's SVG
 * annotation layer burnt in, for captures and exports.
 */
import type { StackViewport } from '@cornerstonejs/core';

/**
 * Cornerstone's SVG annotation layer of a viewport element as an image, or null when it draws
 * nothing (hidden annotations are not drawn at all, so they stay out of captures too).
 */
async function svgLayerImage(element: HTMLElement): Promise<HTMLImageElement | null> {
  const layer = element.querySelector('.svg-layer');
  if (!(layer instanceof SVGSVGElement) || ![...layer.children].some((child) => child.tagName !== 'defs')) return null;
  const { width, height } = layer.getBoundingClientRect();
  if (!width || !height) return null;
  const clone = layer.cloneNode(true) as SVGSVGElement;
  clone.removeAttribute('style');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const markup = new XMLSerializer().serializeToString(clone);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The viewport's image with its visible annotations, as PNG or JPEG. */
export async function captureViewport(viewport: StackViewport, type: 'image/png' | 'image/jpeg'): Promise<Blob | null> {
  viewport.render();
  await new Promise((resolve) => requestAnimationFrame(resolve));
  const source = viewport.canvas;
  // Copied onto a canvas of its own so JPEG gets an opaque black background.
  const copy = document.createElement('canvas');
  copy.width = source.width;
  copy.height = source.height;
  const context = copy.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#000';
  context.fillRect(0, 0, copy.width, copy.height);
  context.drawImage(source, 0, 0);
  // The SVG layer is sized in CSS pixels; the canvas in device pixels: scale it to fit.
  const marks = await svgLayerImage(viewport.element);
  if (marks) context.drawImage(marks, 0, 0, copy.width, copy.height);
  return new Promise((resolve) => copy.toBlob(resolve, type, 0.92));
}
