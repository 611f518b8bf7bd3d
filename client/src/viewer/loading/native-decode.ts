/**
 * The pixels of a natively stored grayscale frame, rescaled, usually in one pass: the values
 * Cornerstone's DICOM image loader makes (its `decodeImageFrame` with the modality LUT applied,
 * "preScale"), in the array type it chooses, made without its four passes over the frame (sign
 * extension in place, range, copy into the new array, rescale). For a 300-slice CT those passes
 * took about half a second of main-thread time while the series loaded. The array type depends on
 * the range, known only at the end: the frame is written into the type the last frame of its kind
 * got, with the range in the same pass, and written again only when the range wants another type
 * (the first frame of a kind, or one whose values differ: two passes, as before). The file's bytes
 * are only read, unless asked to decode in place (below).
 *
 * In place (`inPlace`, the decode worker's series download): a 16-bit frame whose rescaled values
 * fit a 16-bit array is written over its own stored values in the file's buffer, and the pixels
 * are a view of it (`inFile`). A 300-slice CT then holds 157 MB less, all of it memory the browser
 * would have touched for the first time, which on the bench's VM in a full archive cost more than
 * the decoding (docs/decisions.md, "The whole series in a full archive"). The range is read first
 * so that the values are written once, in the type the range asks for, or the frame is decoded
 * into a new array as usual when that type is wider. The file's Pixel Data no longer holds the
 * stored values afterwards: nothing may decode it again (native-images.ts).
 *
 * Only 16-bit frames and unsigned 8-bit ones are made here; anything else is null and goes to
 * Cornerstone's decoder. native-decode.test.ts compares the two on the cases made here.
 */

/** The frame's attributes read here (a subset of Cornerstone's image frame). */
export interface NativeFrame {
  rows: number;
  columns: number;
  bitsAllocated: number;
  bitsStored: number;
  pixelRepresentation: number;
}

export interface Rescale {
  slope: number;
  intercept: number;
}

export interface DecodedPixels {
  pixelData: Int8Array | Uint8Array | Int16Array | Uint16Array | Uint32Array | Float32Array;
  /** Smallest and largest value after the rescale (before it when it was not applied). */
  smallest: number;
  largest: number;
  /** Whether the rescale was applied (a fractional one is not when floats cannot be rendered). */
  scaled: boolean;
  /** The pixels were written over the frame's stored values, in the file's own buffer. */
  inFile?: boolean;
}

type PixelArray = DecodedPixels['pixelData'];
type StoredValues = Int16Array | Uint16Array | Uint8Array;

type PixelArrayConstructor =
  | Int8ArrayConstructor
  | Uint8ArrayConstructor
  | Int16ArrayConstructor
  | Uint16ArrayConstructor
  | Uint32ArrayConstructor
  | Float32ArrayConstructor;

/** The smallest integer array holding [min, max], else Float32Array: the loader's choice. */
export function arrayTypeFor(min: number, max: number): PixelArrayConstructor {
  if (Number.isInteger(min) && Number.isInteger(max)) {
    if (min >= 0) {
      if (max <= 0xff) return Uint8Array;
      if (max <= 0xffff) return Uint16Array;
      if (max <= 0xffffffff) return Uint32Array;
    } else if (min >= -128 && max <= 127) {
      return Int8Array;
    } else if (min >= -32768 && max <= 32767) {
      return Int16Array;
    }
  }
  return Float32Array;
}

/** The stored values of the frame `bytes` (little endian), or null when this module does not make them. */
function storedValues(frame: NativeFrame, bytes: Uint8Array): StoredValues | null {
  const count = frame.rows * frame.columns;
  if (frame.bitsAllocated === 8) return frame.pixelRepresentation === 0 && bytes.length >= count ? bytes.subarray(0, count) : null;
  if (frame.bitsAllocated !== 16 || bytes.length < count * 2) return null;
  const Type = frame.pixelRepresentation === 1 ? Int16Array : Uint16Array;
  // A typed array needs an even offset; an odd one is copied, as the loader does.
  return bytes.byteOffset % 2 === 0
    ? new Type(bytes.buffer as ArrayBuffer, bytes.byteOffset, count)
    : new Type(bytes.slice(0, count * 2).buffer);
}

/** The range of the last `fill`, kept here so that the hot loop's caller allocates nothing. */
let rangeMin = 0;
let rangeMax = 0;

/**
 * One pass: writes `stored * slope + intercept` (sign-extended from bit `32 - shift` first) into
 * `out` and leaves the stored range in rangeMin/rangeMax. Separate loops per case keep each one's
 * element kinds few (V8 then compiles them to plain loads and stores): the CT case (slope 1,
 * whole intercept) is an integer add.
 */
function fill(stored: StoredValues, shift: number, slope: number, intercept: number, out: PixelArray): void {
  const count = stored.length;
  let min = (stored[0]! << shift) >> shift;
  let max = min;
  if (shift > 0) {
    for (let i = 0; i < count; i++) {
      const value = (stored[i]! << shift) >> shift;
      if (value < min) min = value;
      else if (value > max) max = value;
      out[i] = value * slope + intercept;
    }
  } else if (slope === 1 && (intercept | 0) === intercept) {
    for (let i = 0; i < count; i++) {
      const value = stored[i]!;
      if (value < min) min = value;
      else if (value > max) max = value;
      out[i] = value + intercept;
    }
  } else {
    for (let i = 0; i < count; i++) {
      const value = stored[i]!;
      if (value < min) min = value;
      else if (value > max) max = value;
      out[i] = value * slope + intercept;
    }
  }
  rangeMin = min;
  rangeMax = max;
}

/** The stored range (sign-extended from bit `32 - shift` first), reading only. */
function storedRange(stored: StoredValues, shift: number): [number, number] {
  let min = (stored[0]! << shift) >> shift;
  let max = min;
  for (let i = 0; i < stored.length; i++) {
    const value = (stored[i]! << shift) >> shift;
    if (value < min) min = value;
    else if (value > max) max = value;
  }
  return [min, max];
}

/**
 * The stored range once rescaled as `fill` writes values (slope 1 and intercept 0 when they are
 * left unscaled), smallest first. A negative slope swaps the ends: the DICOM image loader (5.x)
 * keeps them as they come, so its range is reversed and the array type chosen from it is wrong
 * (-500…500 with slope -1 wrap into a Uint8Array); this module answers such frames correctly.
 */
function rescaledRange([min, max]: [number, number], slope: number, intercept: number): [number, number] {
  const first = slope * min + intercept;
  const last = slope * max + intercept;
  return first <= last ? [first, last] : [last, first];
}

/**
 * The array type the last frame of the same kind got: frames of a series almost always get the
 * same, so it is written in one pass with the range, and written again only when the range asks
 * for another type.
 */
const lastTypes = new Map<string, PixelArrayConstructor>();

/**
 * Decodes and rescales one frame; `allowFloat`: whether float textures can be rendered (without
 * them a fractional rescale is left to the viewport, as the loader does).
 */
export function decodeNative(
  frame: NativeFrame,
  bytes: Uint8Array,
  rescale: Rescale,
  allowFloat: boolean,
  { inPlace = false }: { inPlace?: boolean } = {},
): DecodedPixels | null {
  if (!(frame.bitsStored >= 1 && frame.bitsStored <= frame.bitsAllocated)) return null;
  const stored = storedValues(frame, bytes);
  if (!stored || stored.length === 0) return null;
  // Signed values narrower than 16 bits carry their sign in bit (bitsStored - 1).
  const shift = frame.pixelRepresentation === 1 && frame.bitsStored < 16 ? 32 - frame.bitsStored : 0;
  const fractional = !Number.isInteger(rescale.slope) || !Number.isInteger(rescale.intercept);
  const scaled = !(fractional && !allowFloat);
  // Left unscaled, the values are written as stored: the same loop with slope 1, intercept 0.
  const slope = scaled ? rescale.slope : 1;
  const intercept = scaled ? rescale.intercept : 0;
  // A view of the file (not a copy made for an odd offset), two bytes a value: written over in place.
  if (inPlace && stored.BYTES_PER_ELEMENT === 2 && stored.buffer === bytes.buffer) {
    const [smallest, largest] = rescaledRange(storedRange(stored, shift), slope, intercept);
    const Type = arrayTypeFor(smallest, largest);
    if (Type === Int16Array || Type === Uint16Array) {
      const pixelData = new Type(stored.buffer as ArrayBuffer, stored.byteOffset, stored.length);
      fill(stored, shift, slope, intercept, pixelData);
      return { pixelData, smallest, largest, scaled, inFile: true };
    }
  }
  const key = `${stored.constructor.name} ${shift} ${slope} ${intercept}`;
  const guess = lastTypes.get(key) ?? (scaled && fractional ? Float32Array : Int16Array);
  let pixelData: PixelArray = new guess(stored.length);
  fill(stored, shift, slope, intercept, pixelData);
  const [smallest, largest] = rescaledRange([rangeMin, rangeMax], slope, intercept);
  const Type = arrayTypeFor(smallest, largest);
  if (Type !== guess) {
    pixelData = new Type(stored.length);
    fill(stored, shift, slope, intercept, pixelData);
  }
  lastTypes.set(key, Type);
  return { pixelData, smallest, largest, scaled };
}
