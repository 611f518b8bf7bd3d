/**
 * The first image of a study drawn without Cornerstone (first-look.ts): a plain grayscale file
 * (plain-grayscale.ts; the same files native-images.ts decodes) becomes 8-bit RGBA pixels,
 * windowed as the viewer's first render shows it: the file's first Window Center/Width, else the
 * image's value range, with DICOM's LINEAR function (PS3.3 C.11.2.1.2), after the rescale;
 * MONOCHROME1 inverted. Anything else gives null (the viewer then shows its first image on its own).
 */
import { readPlainGrayscale } from './plain-grayscale.ts';

export interface PreviewImage {
  width: number;
  height: number;
  /** Row spacing over column spacing (1 when unknown): how tall a pixel is shown. */
  aspect: number;
  rgba: Uint8ClampedArray;
}

/** The preview of a Part 10 file, or null when it is not a plain grayscale file (see above). */
export function decodePreview(file: ArrayBuffer): PreviewImage | null {
  const plain = readPlainGrayscale(file);
  if (!plain) return null;
  const { frame, rescale, pixels } = plain;
  const [width, height, bits] = [frame.columns, frame.rows, frame.bitsAllocated];
  const signed = frame.pixelRepresentation === 1;
  const count = width * height;
  const { slope, intercept } = rescale;
  const values = new Float32Array(count);
  const view = new DataView(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  let min = Infinity;
  let max = -Infinity;
  for (let at = 0; at < count; at++) {
    const raw =
      bits === 8 ? (signed ? view.getInt8(at) : view.getUint8(at)) : signed ? view.getInt16(at * 2, true) : view.getUint16(at * 2, true);
    const value = raw * slope + intercept;
    values[at] = value;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  let center = plain.window?.center;
  let windowWidth = plain.window?.width;
  if (center === undefined || windowWidth === undefined || windowWidth < 1) {
    center = (min + max) / 2;
    windowWidth = Math.max(1, max - min);
  }
  // LINEAR: below c - 0.5 - (w - 1) / 2 black, above c - 0.5 + (w - 1) / 2 white, linear between.
  const low = center - 0.5 - (windowWidth - 1) / 2;
  const scale = 255 / Math.max(1e-6, windowWidth - 1);
  const invert = plain.photometric === 'MONOCHROME1';
  const rgba = new Uint8ClampedArray(count * 4);
  for (let at = 0, out = 0; at < count; at++, out += 4) {
    const level = Math.min(255, Math.max(0, Math.round((values[at]! - low) * scale)));
    const shown = invert ? 255 - level : level;
    rgba[out] = shown;
    rgba[out + 1] = shown;
    rgba[out + 2] = shown;
    rgba[out + 3] = 255;
  }
  return { width, height, aspect: plain.aspect, rgba };
}
