import { readFileSync } from 'node:fs';
import { decodeImageFrame } from '@cornerstonejs/dicom-image-loader';
import { describe, expect, it } from 'vitest';
import { decodeNative, type NativeFrame, type Rescale } from './native-decode.ts';
import { readPlainGrayscale } from './plain-grayscale.ts';

const PYDICOM = '/usr/lib/python3/dist-packages/pydicom/data/test_files';

const EXPLICIT_LITTLE = '1.2.840.10008.1.2.1';

/** A deterministic spread of `count` values in [low, high]. */
function values(count: number, low: number, high: number): number[] {
  let seed = 12345;
  return Array.from({ length: count }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return low + (seed % (high - low + 1));
  });
}

/** The frame's bytes, little endian, placed at `offset` in a larger buffer. */
function frameBytes(bitsAllocated: 8 | 16, stored: number[], offset = 0): Uint8Array {
  const size = (stored.length * bitsAllocated) / 8;
  const bytes = new Uint8Array(offset + size + 3);
  const view = new DataView(bytes.buffer);
  stored.forEach((value, i) => {
    if (bitsAllocated === 8) view.setUint8(offset + i, value & 0xff);
    else view.setUint16(offset + i * 2, value & 0xffff, true);
  });
  return bytes.subarray(offset, offset + size);
}

interface Case {
  name: string;
  frame: Omit<NativeFrame, 'rows' | 'columns'>;
  stored: number[];
  rescale: Rescale;
  allowFloat?: boolean;
  offset?: number;
}

const CT = { bitsAllocated: 16, bitsStored: 16, pixelRepresentation: 1 };
const UNSIGNED16 = { bitsAllocated: 16, bitsStored: 16, pixelRepresentation: 0 };
const SIGNED12 = { bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 1 };
const UNSIGNED12 = { bitsAllocated: 16, bitsStored: 12, pixelRepresentation: 0 };
const UNSIGNED8 = { bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 0 };
const CASES: Case[] = [
  { name: 'signed CT, integer rescale', frame: CT, stored: values(4096, -2000, 3000), rescale: { slope: 1, intercept: -1024 } },
  {
    name: 'signed 12 bits stored, high bits set',
    frame: SIGNED12,
    stored: [...values(1021, 0, 0xfff), 0xf800, 0x0fff, 0x7000 | 0x123],
    rescale: { slope: 1, intercept: 0 },
  },
  {
    name: 'unsigned 12 bits stored (MR)',
    frame: UNSIGNED12,
    stored: values(2048, 0, 4095),
    rescale: { slope: 1, intercept: 0 },
  },
  {
    name: 'unsigned, intercept below zero',
    frame: UNSIGNED16,
    stored: values(2048, 0, 4095),
    rescale: { slope: 1, intercept: -1024 },
  },
  {
    name: 'unsigned, out of 16-bit range once rescaled',
    frame: UNSIGNED16,
    stored: values(2048, 0, 65535),
    rescale: { slope: 2, intercept: -1000 },
  },
  { name: 'fractional rescale', frame: CT, stored: values(1024, -500, 500), rescale: { slope: 0.5, intercept: -10.25 } },
  {
    name: 'fractional rescale without float textures',
    frame: CT,
    stored: values(1024, -500, 500),
    rescale: { slope: 0.5, intercept: -10.25 },
    allowFloat: false,
  },
  {
    name: 'unsigned 8 bits',
    frame: UNSIGNED8,
    stored: values(1024, 0, 255),
    rescale: { slope: 1, intercept: 0 },
  },
  {
    name: 'unsigned 8 bits, intercept below zero',
    frame: UNSIGNED8,
    stored: values(1024, 0, 255),
    rescale: { slope: 1, intercept: -100 },
  },
  {
    name: 'signed 12 bits stored, integer rescale',
    frame: SIGNED12,
    stored: [...values(1021, 0, 0xfff), 0xf800, 0x0fff, 0x0800],
    rescale: { slope: 2, intercept: -1024 },
  },
  {
    name: 'signed 12 bits stored, fractional rescale',
    frame: SIGNED12,
    stored: values(1024, 0, 0xfff),
    rescale: { slope: 0.25, intercept: 3.5 },
  },
  {
    name: 'signed 12 bits stored, fractional rescale without float textures',
    frame: SIGNED12,
    stored: values(1024, 0, 0xfff),
    rescale: { slope: 0.25, intercept: 3.5 },
    allowFloat: false,
  },
  {
    name: 'fractional slope, whole range once rescaled',
    frame: CT,
    stored: values(1024, -250, 250).map((value) => value * 2),
    rescale: { slope: 0.5, intercept: 0 },
  },
  {
    name: 'signed, slope 1, out of 16-bit range once rescaled',
    frame: CT,
    stored: [-32768, ...values(1023, -1000, 1000)],
    rescale: { slope: 1, intercept: -1024 },
  },
  {
    name: 'unsigned, slope 1, whole intercept',
    frame: UNSIGNED16,
    stored: values(2048, 0, 4095),
    rescale: { slope: 1, intercept: 24 },
  },
  { name: 'odd byte offset', frame: CT, stored: values(1024, -1000, 1000), rescale: { slope: 1, intercept: -1024 }, offset: 1 },
  { name: 'one value', frame: CT, stored: [7], rescale: { slope: 1, intercept: -1024 } },
];

interface LoaderFrame {
  pixelData: ArrayLike<number>;
  smallestPixelValue: number;
  largestPixelValue: number;
  preScale?: { scaled?: boolean };
}

/** What the DICOM image loader makes of a grayscale frame, rescaled as the viewer asks it to. */
async function loaderDecode(frame: NativeFrame, bytes: Uint8Array, rescale: Rescale, allowFloat: boolean): Promise<LoaderFrame> {
  return (await decodeImageFrame(
    { ...frame, samplesPerPixel: 1, photometricInterpretation: 'MONOCHROME2' } as never,
    EXPLICIT_LITTLE,
    bytes,
    {},
    {
      preScale: {
        enabled: true,
        scalingParameters: { rescaleSlope: rescale.slope, rescaleIntercept: rescale.intercept, modality: 'CT' },
      },
      allowFloatRendering: allowFloat,
    },
    undefined,
  )) as LoaderFrame;
}

/** Decodes `stored` here and with the DICOM image loader, and expects the same array type, values and range. */
async function expectLoaderValues({ frame, stored, rescale, allowFloat = true, offset = 0 }: Omit<Case, 'name'>): Promise<void> {
  const columns = stored.length === 1 ? 1 : 32;
  const full: NativeFrame = { ...frame, rows: stored.length / columns, columns };
  const bytes = frameBytes(frame.bitsAllocated as 8 | 16, stored, offset);
  const before = bytes.slice();
  const ours = decodeNative(full, bytes, rescale, allowFloat);
  expect(bytes, 'the file bytes are left as they are').toEqual(before);
  const theirs = await loaderDecode(full, bytes.slice(), rescale, allowFloat);
  expect(ours).not.toBeNull();
  expect(ours!.pixelData.constructor.name).toBe(theirs.pixelData.constructor.name);
  expect(Array.from(ours!.pixelData)).toEqual(Array.from(theirs.pixelData));
  expect([ours!.smallest, ours!.largest]).toEqual([theirs.smallestPixelValue, theirs.largestPixelValue]);
  expect(ours!.scaled).toBe(theirs.preScale?.scaled ?? false);
}

describe('decodeNative', () => {
  it.each(CASES)('makes what the DICOM image loader makes: $name', (testCase) => expectLoaderValues(testCase));

  it.each(CASES)('in place, makes the same values, over the stored ones only where they fit: $name', async (testCase) => {
    const { frame, stored, rescale, allowFloat = true, offset = 0 } = testCase;
    const columns = stored.length === 1 ? 1 : 32;
    const full: NativeFrame = { ...frame, rows: stored.length / columns, columns };
    const bytes = frameBytes(frame.bitsAllocated as 8 | 16, stored, offset);
    const before = bytes.slice();
    const theirs = await loaderDecode(full, bytes.slice(), rescale, allowFloat);
    const ours = decodeNative(full, bytes, rescale, allowFloat, { inPlace: true })!;
    expect(ours.pixelData.constructor.name).toBe(theirs.pixelData.constructor.name);
    expect(Array.from(ours.pixelData)).toEqual(Array.from(theirs.pixelData));
    expect([ours.smallest, ours.largest]).toEqual([theirs.smallestPixelValue, theirs.largestPixelValue]);
    // Written over the file's bytes when a 16-bit frame's values fit 16 bits at an even offset;
    // otherwise a new array, and the file's bytes as they were.
    const fits = frame.bitsAllocated === 16 && offset % 2 === 0 && ours.pixelData.BYTES_PER_ELEMENT === 2;
    expect(ours.inFile ?? false).toBe(fits);
    if (fits) expect(ours.pixelData.buffer).toBe(bytes.buffer);
    else expect(bytes).toEqual(before);
  });

  it('writes a frame again when its range wants another array type than the last frame of its kind', async () => {
    // The same kind of frame (signed, slope 1, intercept -1024): Int16, then Uint16 (all ≥ 0 once
    // rescaled), Uint8, Float32 (below -32768), Int8, and Int16 again.
    for (const stored of [
      values(1024, -1000, 1000),
      values(1024, 1024, 9000),
      values(1024, 1024, 1024 + 255),
      [-32768, ...values(1023, -1000, 1000)],
      values(1024, 1024 - 128, 1024 + 127),
      values(1024, -2000, 3000),
    ]) {
      await expectLoaderValues({ frame: CT, stored, rescale: { slope: 1, intercept: -1024 } });
    }
  });

  it.each([false, true])('rescales a negative slope to its values, their range in order (in place: %s)', (inPlace) => {
    // The loader (5.x) reports such a range reversed, [500, -500] here, and picks its array type
    // from it: a Uint8Array, into which -500…500 wrap. The values and range here are the true ones.
    const stored = values(1024, -500, 500);
    const bytes = frameBytes(16, stored);
    const ours = decodeNative({ ...CT, rows: 32, columns: 32 }, bytes, { slope: -1, intercept: 100 }, true, { inPlace })!;
    expect(ours.pixelData.constructor).toBe(Int16Array);
    expect(Array.from(ours.pixelData)).toEqual(stored.map((value) => 100 - value));
    expect([ours.smallest, ours.largest]).toEqual([100 - Math.max(...stored), 100 - Math.min(...stored)]);
    expect(ours.inFile ?? false).toBe(inPlace);
  });

  it.each([
    ['signed 8 bits', { rows: 2, columns: 2, bitsAllocated: 8, bitsStored: 8, pixelRepresentation: 1 }, 4],
    ['32 bits', { rows: 1, columns: 1, bitsAllocated: 32, bitsStored: 32, pixelRepresentation: 0 }, 4],
    ['a frame shorter than its size', { rows: 2, columns: 2, ...UNSIGNED16 }, 6],
    ['more bits stored than allocated', { rows: 2, columns: 2, bitsAllocated: 16, bitsStored: 17, pixelRepresentation: 1 }, 8],
  ])('leaves %s to the loader', (_kind, frame: NativeFrame, length) => {
    expect(decodeNative(frame, new Uint8Array(length), { slope: 1, intercept: 0 }, true)).toBeNull();
  });

  it.each([
    ['CT_small.dcm', 128, { slope: 1, intercept: -1024 }],
    ['MR_small.dcm', 64, { slope: 1, intercept: 0 }],
  ])('decodes %s as the loader does, from the frame the worker reads in the file', async (name, size, rescale) => {
    const bytes = readFileSync(`${PYDICOM}/${name}`);
    const plain = readPlainGrayscale(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    expect(plain?.frame).toEqual({ rows: size, columns: size, bitsAllocated: 16, bitsStored: 16, pixelRepresentation: 1 });
    expect(plain?.rescale).toEqual(rescale);
    const ours = decodeNative(plain!.frame, plain!.pixels, plain!.rescale, true)!;
    const theirs = await loaderDecode(plain!.frame, plain!.pixels.slice(), rescale, true);
    expect(ours.pixelData.constructor).toBe(theirs.pixelData.constructor);
    expect(Array.from(ours.pixelData)).toEqual(Array.from(theirs.pixelData));
  });
});
