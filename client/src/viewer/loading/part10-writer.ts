/**
 * Writes a DICOM Part 10 file (explicit VR little endian data set, or an encapsulated pixel data
 * syntax) from a DICOM JSON data set (PS3.18 Annex F) and pixel frames. The viewer builds the
 * files of a series this way when the server refuses whole files to the caller's role (a role
 * that hides fields such as PatientName, docs/decisions.md "Hidden fields through DICOMweb"): the
 * stripped metadata and the frames make a file the rest of the viewer reads like any other.
 *
 * Strings are written as UTF-8 and the file declares ISO_IR 192: DICOM JSON carries decoded text.
 */

/** One element of a DICOM JSON data set; binary values arrive as bytes (`Bytes`, see below). */
export interface JsonElement {
  vr?: string;
  Value?: unknown[];
  InlineBinary?: string;
  BulkDataURI?: string;
  /** Bytes fetched for a BulkDataURI (set by the caller). */
  Bytes?: Uint8Array;
}
export type JsonDataSet = Record<string, JsonElement | undefined>;

/** The pixel data to write: frames and the transfer syntax they are in. */
export interface PixelFrames {
  syntax: string;
  frames: Uint8Array[];
}

export const EXPLICIT_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';
const IMPLICIT_LITTLE_ENDIAN = '1.2.840.10008.1.2';
/** Syntaxes whose pixel data is native (not encapsulated); big endian and deflate are not written. */
const NATIVE = new Set([IMPLICIT_LITTLE_ENDIAN, EXPLICIT_LITTLE_ENDIAN]);
const NOT_WRITABLE = new Set(['1.2.840.10008.1.2.2', '1.2.840.10008.1.2.1.99']);
/** VRs with a 2-byte reserved field and a 4-byte length in explicit VR (PS3.5 §7.1.2). */
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'SV', 'UC', 'UN', 'UR', 'UT', 'UV']);
const BINARY_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'UN']);
const PIXEL_DATA = '7FE00010';
const UNDEFINED = 0xffffffff;

/** Whether frames in `syntax` can be written as they are (else ask for explicit VR little endian). */
export function canWriteSyntax(syntax: string): boolean {
  return syntax !== '' && !NOT_WRITABLE.has(syntax);
}

class Writer {
  private buffer = new Uint8Array(64 * 1024);
  private view = new DataView(this.buffer.buffer);
  length = 0;

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + bytes) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  u16(value: number): void {
    this.room(2);
    this.view.setUint16(this.length, value, true);
    this.length += 2;
  }

  u32(value: number): void {
    this.room(4);
    this.view.setUint32(this.length, value, true);
    this.length += 4;
  }

  bytes(value: Uint8Array): void {
    this.room(value.length);
    this.buffer.set(value, this.length);
    this.length += value.length;
  }

  ascii(text: string): void {
    this.bytes(Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff));
  }

  setU32(at: number, value: number): void {
    this.view.setUint32(at, value, true);
  }

  result(): ArrayBuffer {
    return this.buffer.slice(0, this.length).buffer;
  }
}

const utf8 = new TextEncoder();

function personName(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value ?? '');
  const { Alphabetic = '', Ideographic = '', Phonetic = '' } = value as Record<string, string | undefined>;
  return [Alphabetic, Ideographic, Phonetic].join('=').replace(/=+$/u, '');
}

function base64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** An element's value bytes (unpadded for text), or null when it cannot be written. */
function valueBytes(vr: string, element: JsonElement): Uint8Array | null {
  if (BINARY_VRS.has(vr)) {
    if (element.Bytes) return element.Bytes;
    if (element.InlineBinary !== undefined) return base64(element.InlineBinary);
    if (element.BulkDataURI !== undefined) return null;
    return new Uint8Array(0);
  }
  const values = element.Value ?? [];
  const numbers = (size: number, set: (view: DataView, at: number, value: number) => void) => {
    const out = new Uint8Array(values.length * size);
    const view = new DataView(out.buffer);
    values.forEach((value, at) => set(view, at * size, Number(value ?? 0)));
    return out;
  };
  switch (vr) {
    case 'US':
      return numbers(2, (view, at, value) => view.setUint16(at, value, true));
    case 'SS':
      return numbers(2, (view, at, value) => view.setInt16(at, value, true));
    case 'UL':
      return numbers(4, (view, at, value) => view.setUint32(at, value, true));
    case 'SL':
      return numbers(4, (view, at, value) => view.setInt32(at, value, true));
    case 'FL':
      return numbers(4, (view, at, value) => view.setFloat32(at, value, true));
    case 'FD':
      return numbers(8, (view, at, value) => view.setFloat64(at, value, true));
    case 'SV':
    case 'UV': {
      const out = new Uint8Array(values.length * 8);
      const view = new DataView(out.buffer);
      values.forEach((value, at) => {
        const big = BigInt(typeof value === 'number' || typeof value === 'string' ? value : 0);
        if (vr === 'SV') view.setBigInt64(at * 8, big, true);
        else view.setBigUint64(at * 8, big, true);
      });
      return out;
    }
    case 'AT': {
      const out = new Uint8Array(values.length * 4);
      const view = new DataView(out.buffer);
      values.forEach((value, at) => {
        // DICOM JSON spells a tag as 8 hex digits; a number is (group << 16) | element.
        const tag = typeof value === 'number' ? value >>> 0 : parseInt(String(value ?? '0'), 16) >>> 0;
        view.setUint16(at * 4, tag >>> 16, true);
        view.setUint16(at * 4 + 2, tag & 0xffff, true);
      });
      return out;
    }
    case 'SQ':
      return null;
    default: {
      const text = values
        .map((value) => (value === null || value === undefined ? '' : vr === 'PN' ? personName(value) : String(value)))
        .join('\\');
      return utf8.encode(text);
    }
  }
}

function writeHeader(out: Writer, tag: string, vr: string, length: number): void {
  out.u16(parseInt(tag.slice(0, 4), 16));
  out.u16(parseInt(tag.slice(4, 8), 16));
  out.ascii(vr);
  if (LONG_VRS.has(vr)) {
    out.u16(0);
    out.u32(length);
  } else {
    out.u16(length);
  }
}

function writeElement(out: Writer, tag: string, element: JsonElement): void {
  const vr = element.vr ?? 'UN';
  if (vr === 'SQ') {
    writeHeader(out, tag, vr, UNDEFINED);
    for (const item of element.Value ?? []) {
      out.u16(0xfffe);
      out.u16(0xe000);
      out.u32(UNDEFINED);
      if (typeof item === 'object' && item !== null) writeDataSet(out, item as JsonDataSet);
      out.u16(0xfffe);
      out.u16(0xe00d);
      out.u32(0);
    }
    out.u16(0xfffe);
    out.u16(0xe0dd);
    out.u32(0);
    return;
  }
  const value = valueBytes(vr, element);
  if (!value) return;
  const padded = value.length % 2 === 1;
  const length = value.length + (padded ? 1 : 0);
  // A value too long for its VR's 2-byte length cannot be written (not a valid value either).
  if (!LONG_VRS.has(vr) && length > 0xffff) return;
  writeHeader(out, tag, vr, length);
  out.bytes(value);
  if (padded) out.bytes(Uint8Array.of(vr === 'UI' || BINARY_VRS.has(vr) ? 0 : 0x20));
}

/** Tags in ascending order (DICOM JSON keys are 8 hex digits). */
function sortedTags(dataSet: JsonDataSet): string[] {
  return Object.keys(dataSet)
    .filter((tag) => /^[0-9A-Fa-f]{8}$/.test(tag))
    .sort((a, b) => parseInt(a, 16) - parseInt(b, 16));
}

function writeDataSet(out: Writer, dataSet: JsonDataSet): void {
  for (const tag of sortedTags(dataSet)) {
    const element = dataSet[tag];
    if (element && !tag.startsWith('0002') && tag.toUpperCase() !== PIXEL_DATA) writeElement(out, tag.toUpperCase(), element);
  }
}

function writePixels(out: Writer, pixels: PixelFrames, bitsAllocated: number): void {
  if (NATIVE.has(pixels.syntax)) {
    const total = pixels.frames.reduce((sum, frame) => sum + frame.length, 0);
    const vr = bitsAllocated > 8 ? 'OW' : 'OB';
    writeHeader(out, PIXEL_DATA, vr, total + (total % 2));
    for (const frame of pixels.frames) out.bytes(frame);
    if (total % 2) out.bytes(Uint8Array.of(0));
    return;
  }
  // Encapsulated: the basic offset table (readers look frames up there), then one fragment per frame.
  writeHeader(out, PIXEL_DATA, 'OB', UNDEFINED);
  out.u16(0xfffe);
  out.u16(0xe000);
  out.u32(pixels.frames.length * 4);
  let offset = 0;
  for (const frame of pixels.frames) {
    out.u32(offset);
    offset += 8 + frame.length + (frame.length % 2);
  }
  for (const frame of pixels.frames) {
    out.u16(0xfffe);
    out.u16(0xe000);
    out.u32(frame.length + (frame.length % 2));
    out.bytes(frame);
    if (frame.length % 2) out.bytes(Uint8Array.of(0));
  }
  out.u16(0xfffe);
  out.u16(0xe0dd);
  out.u32(0);
}

function firstString(dataSet: JsonDataSet, tag: string): string {
  const value = dataSet[tag]?.Value?.[0];
  return typeof value === 'string' ? value : '';
}

/**
 * A Part 10 file of `dataSet` with `pixels` as its Pixel Data (none for objects without an image).
 * Elements whose bytes are not at hand (a BulkDataURI not fetched) are left out.
 */
export function writePart10(dataSet: JsonDataSet, pixels: PixelFrames | null): ArrayBuffer {
  const syntax = pixels && !NATIVE.has(pixels.syntax) ? pixels.syntax : EXPLICIT_LITTLE_ENDIAN;
  const out = new Writer();
  out.bytes(new Uint8Array(128));
  out.ascii('DICM');
  const meta: JsonDataSet = {
    '00020001': { vr: 'OB', InlineBinary: 'AAE=' },
    '00020002': { vr: 'UI', Value: [firstString(dataSet, '00080016')] },
    '00020003': { vr: 'UI', Value: [firstString(dataSet, '00080018')] },
    '00020010': { vr: 'UI', Value: [syntax] },
    '00020012': { vr: 'UI', Value: ['2.25.227346912840459530817946386069358466829'] },
  };
  writeHeader(out, '00020000', 'UL', 4);
  const groupLength = out.length;
  out.u32(0);
  for (const tag of sortedTags(meta)) writeElement(out, tag, meta[tag]!);
  out.setU32(groupLength, out.length - groupLength - 4);
  writeDataSet(out, { ...dataSet, '00080005': { vr: 'CS', Value: ['ISO_IR 192'] } });
  if (pixels && pixels.frames.length > 0) {
    const bits = Number(dataSet['00280100']?.Value?.[0] ?? 16);
    writePixels(out, pixels, bits);
  }
  return out.result();
}
