/**
 * Images of plain grayscale files made on the main thread, for the series prefetch. Cornerstone's
 * image loader sends every frame to a decode worker and back: for an uncompressed 512×512 CT
 * slice that is a copy out of the file, a copy into the worker, a copy back and a conversion,
 * about 7 ms of main-thread time per image, which made a 300-slice series wait on the main thread
 * rather than on the network. For files whose pixels are stored natively (uncompressed little
 * endian) decoding is only the rescale: a decode worker has usually done it already while the
 * series downloaded (used when it read the same frame and rescale as Cornerstone's parse here;
 * usually written over the file's own stored values, which its data set no longer needs: it serves
 * the metadata); else native-decode.ts makes the loader's values, usually in one pass over the
 * frame. The loader's own decode function
 * runs for the frames it leaves.
 *
 * Only single-frame grayscale images without LUT sequences or PET/dose scaling are made here;
 * anything else goes through Cornerstone's loader, as does every image the viewport itself asks
 * for.
 */
import { Enums, cache, canRenderFloatTextures, metaData, utilities, type Types } from '@cornerstonejs/core';
import { decodeImageFrame, getImageFrame, wadouri } from '@cornerstonejs/dicom-image-loader';
import { decodeNative, type DecodedPixels, type Rescale } from './native-decode.ts';
import type { DecodedFrame } from './plain-grayscale.ts';

/** Takes the pixels a decode worker made from a file, once (the series loader's takeDecodedPixels). */
export type DecodedPixelsOf = (file: ArrayBufferLike) => DecodedFrame | undefined;

const NATIVE_SYNTAXES = new Set(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1']);

/** The parts of a dicom-parser data set read here. */
interface DataSet {
  string(tag: string): string | undefined;
  uint16(tag: string): number | undefined;
  intString(tag: string): number | undefined;
  byteArray: Uint8Array;
  elements: Record<string, { dataOffset: number; length: number } | undefined>;
}

interface ModalityLut {
  rescaleSlope?: number;
  rescaleIntercept?: number;
  modalityLUTSequence?: unknown[];
}

interface VoiLut {
  windowCenter?: number[];
  windowWidth?: number[];
  voiLUTFunction?: string[] | string;
  voiLUTSequence?: unknown[];
}

/** Whether the file is one this module decodes: see the module comment. */
export function isPlainGrayscale(dataSet: DataSet): boolean {
  const photometric = dataSet.string('x00280004')?.trim();
  const bits = dataSet.uint16('x00280100');
  const modality = dataSet.string('x00080060')?.trim() ?? '';
  return (
    NATIVE_SYNTAXES.has(dataSet.string('x00020010')?.trim() ?? '') &&
    (photometric === 'MONOCHROME1' || photometric === 'MONOCHROME2') &&
    (dataSet.uint16('x00280002') ?? 1) === 1 &&
    (bits === 8 || bits === 16) &&
    (dataSet.intString('x00280008') ?? 1) <= 1 &&
    !['PT', 'RTDOSE'].includes(modality) &&
    dataSet.elements.x00283000 === undefined &&
    dataSet.elements.x00283010 === undefined &&
    dataSet.elements.x7fe00010 !== undefined
  );
}

/**
 * The pixels the fetch worker decoded from this file (file-fetcher.ts, through the series loader), if it read the same frame
 * and rescale as Cornerstone's parse of the file did here, for the same renderer.
 */
function decodedInWorker(
  takeDecoded: DecodedPixelsOf,
  dataSet: DataSet,
  frame: Types.IImageFrame,
  rescale: Rescale,
  allowFloat: boolean,
): DecodedPixels | null {
  const decoded = takeDecoded(dataSet.byteArray.buffer);
  if (!decoded) return null;
  const same =
    decoded.allowFloat === allowFloat &&
    decoded.rescale.slope === rescale.slope &&
    decoded.rescale.intercept === rescale.intercept &&
    decoded.frame.rows === frame.rows &&
    decoded.frame.columns === frame.columns &&
    decoded.frame.bitsAllocated === frame.bitsAllocated &&
    decoded.frame.bitsStored === frame.bitsStored &&
    decoded.frame.pixelRepresentation === frame.pixelRepresentation;
  if (same) return decoded;
  // Its pixels were written over the file's stored values: the file cannot be decoded here. The
  // image fails, and its data set goes with it: the next load downloads the file again.
  if (decoded.inFile) throw new Error('The pixels decoded in the file differ from its data set: downloaded again.');
  return null;
}

async function createGrayscaleImage(imageId: string, dataSet: DataSet, takeDecoded: DecodedPixelsOf): Promise<Types.IImage> {
  const pixels = dataSet.elements.x7fe00010!;
  const frame = getImageFrame(imageId) as Types.IImageFrame;
  const modalityLut = (metaData.get('modalityLutModule', imageId) ?? {}) as ModalityLut;
  const voiLut = (metaData.get('voiLutModule', imageId) ?? {}) as VoiLut;
  const plane = (metaData.get('imagePlaneModule', imageId) ?? {}) as { rowPixelSpacing?: number; columnPixelSpacing?: number };
  const slope = modalityLut.rescaleSlope ?? 1;
  const intercept = modalityLut.rescaleIntercept ?? 0;
  const frameBytes = (frame.rows * frame.columns * frame.bitsAllocated) / 8;
  const source = new Uint8Array(
    dataSet.byteArray.buffer,
    dataSet.byteArray.byteOffset + pixels.dataOffset,
    Math.min(pixels.length, frameBytes),
  );
  const scalingParameters = { rescaleSlope: slope, rescaleIntercept: intercept, modality: dataSet.string('x00080060')?.trim() };
  const allowFloatRendering = canRenderFloatTextures();
  const fast =
    decodedInWorker(takeDecoded, dataSet, frame, { slope, intercept }, allowFloatRendering) ??
    decodeNative(frame, source, { slope, intercept }, allowFloatRendering);
  const decoded = (
    fast
      ? {
          ...frame,
          pixelData: fast.pixelData,
          pixelDataLength: fast.pixelData.length,
          smallestPixelValue: fast.smallest,
          largestPixelValue: fast.largest,
          preScale: fast.scaled ? { enabled: true, scalingParameters, scaled: true } : undefined,
        }
      : await decodeImageFrame(
          frame,
          dataSet.string('x00020010')?.trim() ?? '',
          source,
          {},
          { preScale: { enabled: true, scalingParameters }, allowFloatRendering },
          undefined,
        )
  ) as Types.IImageFrame & {
    preScale?: Types.IImage['preScale'];
  };
  const data = decoded.pixelData;
  const min = decoded.smallestPixelValue ?? 0;
  const max = decoded.largestPixelValue ?? 0;
  const fallbackWindow = utilities.windowLevel.toWindowLevel(min, max);
  const voiFunction = Array.isArray(voiLut.voiLUTFunction) ? voiLut.voiLUTFunction[0] : voiLut.voiLUTFunction;
  const image: Types.IImage & { data: DataSet } = {
    imageId,
    dataType: data.constructor.name as Types.IImage['dataType'],
    color: false,
    rgba: false,
    numberOfComponents: 1,
    rows: decoded.rows,
    columns: decoded.columns,
    height: decoded.rows,
    width: decoded.columns,
    rowPixelSpacing: plane.rowPixelSpacing ?? 1,
    columnPixelSpacing: plane.columnPixelSpacing ?? 1,
    invert: decoded.photometricInterpretation === 'MONOCHROME1',
    preScale: decoded.preScale ?? { enabled: true, scaled: false },
    slope,
    intercept,
    minPixelValue: min,
    maxPixelValue: max,
    windowCenter: voiLut.windowCenter?.[0] ?? fallbackWindow.windowCenter,
    windowWidth: voiLut.windowWidth?.[0] ?? fallbackWindow.windowWidth,
    voiLUTFunction: (voiFunction || undefined) as Types.IImage['voiLUTFunction'],
    sizeInBytes: data.byteLength,
    imageFrame: decoded,
    voxelManager: utilities.VoxelManager.createImageVoxelManager({
      scalarData: data,
      width: decoded.columns,
      height: decoded.rows,
      numberOfComponents: 1,
    }),
    getPixelData: () => data,
    getCanvas: undefined as unknown as Types.IImage['getCanvas'],
    imageQualityStatus: Enums.ImageQualityStatus.FULL_RESOLUTION,
    data: dataSet,
  };
  return image;
}

/**
 * Puts the image of a plain grayscale file into Cornerstone's cache from its loaded data set, or
 * answers null, changing nothing, when the file is not one made here or the image is already
 * cached (the caller then uses Cornerstone's loader). The cache entry takes over the caller's
 * reference to the data set and drops it when the image leaves the cache.
 */
export function cacheNativeImage(imageId: string, url: string, dataSet: DataSet, takeDecoded: DecodedPixelsOf): Promise<void> | null {
  if (!isPlainGrayscale(dataSet) || cache.getImageLoadObject(imageId)) return null;
  const promise = createGrayscaleImage(imageId, dataSet, takeDecoded);
  const cached = cache.putImageLoadObject(imageId, {
    promise,
    cancelFn: undefined,
    decache: () => wadouri.dataSetCacheManager.unload(url),
  });
  // A failed image leaves the cache without its decache being called: the reference goes here.
  return cached.catch((error: unknown) => {
    wadouri.dataSetCacheManager.unload(url);
    throw error;
  });
}
