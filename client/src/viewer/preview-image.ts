/**
 * The first image of a study drawn without Cornerstone (first-look.ts): a plain grayscale file
 * stored natively (uncompressed little endian, one frame, no LUT sequences, not PET or dose; the
 * same files native-images.ts decodes) becomes 8-bit RGBA pixels, windowed as the viewer's first
 * render shows it: the file's first Window Center/Width, else the image's value range, with
 * DICOM's LINEAR function (PS3.3 C.11.2.1.2), after the rescale; MONOCHROME1 inverted.
 * Anything else gives null (the viewer then shows its first image on its own).
 */

const NATIVE_SYNTAXES = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1']);
/** Elements read here; the walk stops at Pixel Data. */
const WANTED = new Set([
  0x00020010, 0x00080060, 0x00280002, 0x00280004, 0x00280008, 0x00280010, 0x00280011, 0x00280030, 0x00280100, 0x00280103, 0x00281050,
  0x00281051, 0x00281052, 0x00281053, 0x00283000, 0x00283010, 0x7fe00010,
]);
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'SV', 'UC', 'UN', 'UR', 'UT', 'UV']);
const UNDEFINED_LENGTH = 0xffffffff;
const ITEM_DELIMITER = 0xfffee00d;
const SEQUENCE_DELIMITER = 0xfffee0dd;

export interface PreviewImage {
  width: number;
  height: number;
  /** Row spacing over column spacing (1 when unknown): how tall a pixel is shown. */
  aspect: number;
  rgba: Uint8ClampedArray;
}

type Elements = Map<number, { offset: number; length: number }>;

/** Skips an undefined-length sequence (or item) from `at`; the offset after its delimiter, or -1. */
function skipUndefined(view: DataView, at: number, explicit: boolean): number {
  let depth = 1;
  let position = at;
  while (position + 8 <= view.byteLength) {
    const tag = ((view.getUint16(position, true) << 16) | view.getUint16(position + 2, true)) >>> 0;
    if (tag === ITEM_DELIMITER || tag === SEQUENCE_DELIMITER) {
      position += 8;
      if (--depth === 0) return position;
      continue;
    }
    if (tag === 0xfffee000) {
      const length = view.getUint32(position + 4, true);
      position += 8;
      if (length === UNDEFINED_LENGTH) depth++;
      else position += length;
      continue;
    }
    const { length, value } = header(view, position, explicit);
    if (length === UNDEFINED_LENGTH) {
      position = value;
      depth++;
    } else {
      position = value + length;
    }
  }
  return -1;
}

function header(view: DataView, at: number, explicit: boolean): { length: number; value: number } {
  if (!explicit) return { length: view.getUint32(at + 4, true), value: at + 8 };
  const vr = String.fromCharCode(view.getUint8(at + 4), view.getUint8(at + 5));
  return LONG_VRS.has(vr)
    ? { length: view.getUint32(at + 8, true), value: at + 12 }
    : { length: view.getUint16(at + 6, true), value: at + 8 };
}

function readElements(file: ArrayBuffer): { elements: Elements; bytes: Uint8Array } | null {
  const bytes = new Uint8Array(file);
  if (bytes.length < 140 || String.fromCharCode(bytes[128]!, bytes[129]!, bytes[130]!, bytes[131]!) !== 'DICM') return null;
  const view = new DataView(file);
  const elements: Elements = new Map();
  let at = 132;
  let explicit = true;
  let inMeta = true;
  while (at + 8 <= bytes.length) {
    const group = view.getUint16(at, true);
    if (inMeta && group !== 0x0002) {
      inMeta = false;
      const syntax = text(bytes, elements.get(0x00020010));
      if (!NATIVE_SYNTAXES.has(syntax)) return null;
      explicit = syntax !== '1.2.840.10008.1.2';
    }
    const tag = ((group << 16) | view.getUint16(at + 2, true)) >>> 0;
    const { length, value } = header(view, at, inMeta || explicit);
    if (length === UNDEFINED_LENGTH) {
      if (tag === 0x7fe00010) return null;
      at = skipUndefined(view, value, explicit);
      if (at === -1) return null;
      continue;
    }
    if (value + length > bytes.length) return null;
    if (WANTED.has(tag)) elements.set(tag, { offset: value, length });
    if (tag === 0x7fe00010) break;
    at = value + length;
  }
  return { elements, bytes };
}

function text(bytes: Uint8Array, element: { offset: number; length: number } | undefined): string {
  if (!element) return '';
  let value = '';
  for (let k = element.offset; k < element.offset + element.length; k++) value += String.fromCharCode(bytes[k]!);
  return value.replace(/[\0 ]+$/u, '').trim();
}

function uint16(bytes: Uint8Array, element: { offset: number; length: number } | undefined): number | undefined {
  return element && element.length >= 2 ? bytes[element.offset]! | (bytes[element.offset + 1]! << 8) : undefined;
}

/** The first number of a decimal string (multi-valued: `a\b`), or undefined. */
function firstNumber(value: string): number | undefined {
  const first = Number(value.split('\\')[0]);
  return value !== '' && Number.isFinite(first) ? first : undefined;
}

/** The preview of a Part 10 file, or null when it is not a plain grayscale file (see above). */
export function decodePreview(file: ArrayBuffer): PreviewImage | null {
  const read = readElements(file);
  if (!read) return null;
  const { elements, bytes } = read;
  const photometric = text(bytes, elements.get(0x00280004));
  const width = uint16(bytes, elements.get(0x00280011)) ?? 0;
  const height = uint16(bytes, elements.get(0x00280010)) ?? 0;
  const bits = uint16(bytes, elements.get(0x00280100));
  const signed = uint16(bytes, elements.get(0x00280103)) === 1;
  const pixels = elements.get(0x7fe00010);
  const frames = firstNumber(text(bytes, elements.get(0x00280008))) ?? 1;
  if (
    (photometric !== 'MONOCHROME1' && photometric !== 'MONOCHROME2') ||
    (uint16(bytes, elements.get(0x00280002)) ?? 1) !== 1 ||
    (bits !== 8 && bits !== 16) ||
    frames > 1 ||
    ['PT', 'RTDOSE'].includes(text(bytes, elements.get(0x00080060))) ||
    elements.has(0x00283000) ||
    elements.has(0x00283010) ||
    !pixels ||
    width === 0 ||
    height === 0 ||
    pixels.length < (width * height * bits) / 8
  ) {
    return null;
  }
  const count = width * height;
  const slope = firstNumber(text(bytes, elements.get(0x00281053))) ?? 1;
  const intercept = firstNumber(text(bytes, elements.get(0x00281052))) ?? 0;
  const values = new Float32Array(count);
  const view = new DataView(file, pixels.offset, (count * bits) / 8);
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
  let center = firstNumber(text(bytes, elements.get(0x00281050)));
  let windowWidth = firstNumber(text(bytes, elements.get(0x00281051)));
  if (center === undefined || windowWidth === undefined || windowWidth < 1) {
    center = (min + max) / 2;
    windowWidth = Math.max(1, max - min);
  }
  // LINEAR: below c - 0.5 - (w - 1) / 2 black, above c - 0.5 + (w - 1) / 2 white, linear between.
  const low = center - 0.5 - (windowWidth - 1) / 2;
  const scale = 255 / Math.max(1e-6, windowWidth - 1);
  const invert = photometric === 'MONOCHROME1';
  const rgba = new Uint8ClampedArray(count * 4);
  for (let at = 0, out = 0; at < count; at++, out += 4) {
    const level = Math.min(255, Math.max(0, Math.round((values[at]! - low) * scale)));
    const shown = invert ? 255 - level : level;
    rgba[out] = shown;
    rgba[out + 1] = shown;
    rgba[out + 2] = shown;
    rgba[out + 3] = 255;
  }
  const spacing = text(bytes, elements.get(0x00280030)).split('\\').map(Number);
  const aspect = spacing.length === 2 && spacing[0]! > 0 && spacing[1]! > 0 ? spacing[0]! / spacing[1]! : 1;
  return { width, height, aspect, rgba };
}
