/**
 * Plain grayscale files read without Cornerstone: a Part 10 file stored natively (uncompressed
 * little endian), one frame, one sample per pixel, MONOCHROME1 or MONOCHROME2, 8 or 16 bits
 * allocated, no LUT sequences, not PET or dose (their scaling needs more than the rescale). The
 * first look (preview-image.ts) draws such a file, and the decode worker decodes its pixels
 * (native-decode.ts) while the series downloads. native-images.ts makes images of the same files
 * from Cornerstone's own parse of them. Anything else reads as null.
 */
import { decodeNative, type DecodedPixels, type NativeFrame, type Rescale } from './native-decode.ts';

/** The pixels of a plain grayscale file decoded off the main thread, with what they were decoded from. */
export interface DecodedFrame extends DecodedPixels {
  frame: NativeFrame;
  rescale: Rescale;
  allowFloat: boolean;
}

export interface PlainGrayscale {
  frame: NativeFrame;
  photometric: 'MONOCHROME1' | 'MONOCHROME2';
  rescale: Rescale;
  /** The first Window Center and Width, when the file gives both. */
  window: { center: number; width: number } | null;
  /** Row spacing over column spacing (1 when unknown): how tall a pixel is shown. */
  aspect: number;
  /** The frame's bytes in the file. */
  pixels: Uint8Array;
}

const NATIVE_SYNTAXES = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1']);
/** Elements read here; the walk stops at Pixel Data. */
const WANTED = new Set([
  0x00020010, 0x00080060, 0x00280002, 0x00280004, 0x00280008, 0x00280010, 0x00280011, 0x00280030, 0x00280100, 0x00280101, 0x00280103,
  0x00281050, 0x00281051, 0x00281052, 0x00281053, 0x00283000, 0x00283010, 0x7fe00010,
]);
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'SV', 'UC', 'UN', 'UR', 'UT', 'UV']);
const UNDEFINED_LENGTH = 0xffffffff;
const ITEM_DELIMITER = 0xfffee00d;
const SEQUENCE_DELIMITER = 0xfffee0dd;

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

/** The file's frame and what decoding it needs, or null when it is not a plain grayscale file. */
export function readPlainGrayscale(file: ArrayBuffer): PlainGrayscale | null {
  const read = readElements(file);
  if (!read) return null;
  const { elements, bytes } = read;
  const photometric = text(bytes, elements.get(0x00280004));
  const columns = uint16(bytes, elements.get(0x00280011)) ?? 0;
  const rows = uint16(bytes, elements.get(0x00280010)) ?? 0;
  const bitsAllocated = uint16(bytes, elements.get(0x00280100)) ?? 0;
  const pixels = elements.get(0x7fe00010);
  const frames = firstNumber(text(bytes, elements.get(0x00280008))) ?? 1;
  if (
    (photometric !== 'MONOCHROME1' && photometric !== 'MONOCHROME2') ||
    (uint16(bytes, elements.get(0x00280002)) ?? 1) !== 1 ||
    (bitsAllocated !== 8 && bitsAllocated !== 16) ||
    frames > 1 ||
    ['PT', 'RTDOSE'].includes(text(bytes, elements.get(0x00080060))) ||
    elements.has(0x00283000) ||
    elements.has(0x00283010) ||
    !pixels ||
    columns === 0 ||
    rows === 0 ||
    pixels.length < (columns * rows * bitsAllocated) / 8
  ) {
    return null;
  }
  const center = firstNumber(text(bytes, elements.get(0x00281050)));
  const width = firstNumber(text(bytes, elements.get(0x00281051)));
  const spacing = text(bytes, elements.get(0x00280030)).split('\\').map(Number);
  return {
    frame: {
      rows,
      columns,
      bitsAllocated,
      bitsStored: uint16(bytes, elements.get(0x00280101)) ?? bitsAllocated,
      pixelRepresentation: uint16(bytes, elements.get(0x00280103)) ?? 0,
    },
    photometric,
    rescale: {
      slope: firstNumber(text(bytes, elements.get(0x00281053))) ?? 1,
      intercept: firstNumber(text(bytes, elements.get(0x00281052))) ?? 0,
    },
    window: center !== undefined && width !== undefined ? { center, width } : null,
    aspect: spacing.length === 2 && spacing[0]! > 0 && spacing[1]! > 0 ? spacing[0]! / spacing[1]! : 1,
    pixels: bytes.subarray(pixels.offset, pixels.offset + (columns * rows * bitsAllocated) / 8),
  };
}

/**
 * The rescaled pixels of a plain grayscale file (native-decode.ts), or undefined for any other;
 * `inPlace`: written over the file's stored values where they fit (then `inFile`).
 */
export function decodePlainFile(file: ArrayBuffer, allowFloat: boolean, { inPlace = false } = {}): DecodedFrame | undefined {
  const plain = readPlainGrayscale(file);
  const pixels = plain && decodeNative(plain.frame, plain.pixels, plain.rescale, allowFloat, { inPlace });
  return plain && pixels ? { ...pixels, frame: plain.frame, rescale: plain.rescale, allowFloat } : undefined;
}
