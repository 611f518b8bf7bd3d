/**
 * The pixels of a natively stored grayscale frame, rescaled, in two passes: the values Cornerstone's
 * DICOM image loader makes (its `decodeImageFrame` with the modality LUT applied, "preScale"), in
 * the array type it chooses, made without its four passes over the frame (sign extension in place,
 * range, copy into the new array, rescale). For a 300-slice CT those passes took about half a
 * second of main-thread time while the series loaded. The file's bytes are only read.
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
}

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
function storedValues(frame: NativeFrame, bytes: Uint8Array): Int16Array | Uint16Array | Uint8Array | null {
  const count = frame.rows * frame.columns;
  if (frame.bitsAllocated === 8) return frame.pixelRepresentation === 0 && bytes.length >= count ? bytes.subarray(0, count) : null;
  if (frame.bitsAllocated !== 16 || bytes.length < count * 2) return null;
  const Type = frame.pixelRepresentation === 1 ? Int16Array : Uint16Array;
  // A typed array needs an even offset; an odd one is copied, as the loader does.
  return bytes.byteOffset % 2 === 0
    ? new Type(bytes.buffer as ArrayBuffer, bytes.byteOffset, count)
    : new Type(bytes.slice(0, count * 2).buffer);
}

/**
 * Decodes and rescales one frame; `allowFloat`: whether float textures can be rendered (without
 * them a fractional rescale is left to the viewport, as the loader does).
 */
export function decodeNative(frame: NativeFrame, bytes: Uint8Array, rescale: Rescale, allowFloat: boolean): DecodedPixels | null {
  if (!(frame.bitsStored >= 1 && frame.bitsStored <= frame.bitsAllocated)) return null;
  const stored = storedValues(frame, bytes);
  if (!stored || stored.length === 0) return null;
  const { slope, intercept } = rescale;
  // Signed values narrower than 16 bits carry their sign in bit (bitsStored - 1).
  const shift = frame.pixelRepresentation === 1 && frame.bitsStored < 16 ? 32 - frame.bitsStored : 0;
  const count = stored.length;
  let min = (stored[0]! << shift) >> shift;
  let max = min;
  if (shift > 0) {
    for (let i = 1; i < count; i++) {
      const value = (stored[i]! << shift) >> shift;
      if (value < min) min = value;
      else if (value > max) max = value;
    }
  } else {
    for (let i = 1; i < count; i++) {
      const value = stored[i]!;
      if (value < min) min = value;
      else if (value > max) max = value;
    }
  }
  const fractional = !Number.isInteger(slope) || !Number.isInteger(intercept);
  if (fractional && !allowFloat) {
    const pixelData = new (arrayTypeFor(min, max))(count);
    if (shift > 0) for (let i = 0; i < count; i++) pixelData[i] = (stored[i]! << shift) >> shift;
    else pixelData.set(stored);
    return { pixelData, smallest: min, largest: max, scaled: false };
  }
  const smallest = slope * min + intercept;
  const largest = slope * max + intercept;
  const pixelData = new (arrayTypeFor(smallest, largest))(count);
  if (shift > 0) for (let i = 0; i < count; i++) pixelData[i] = ((stored[i]! << shift) >> shift) * slope + intercept;
  else for (let i = 0; i < count; i++) pixelData[i] = stored[i]! * slope + intercept;
  return { pixelData, smallest, largest, scaled: true };
}
