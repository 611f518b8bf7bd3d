/**
 * One-time initialisation of Cornerstone3D: the rendering core, the DICOM image loader (with its
 * decode workers), the streaming volume loader MPR uses, and the tools with every tool the
 * viewer binds. Called by each viewport on mount; the first call does the work and later calls
 * share its promise.
 */
import { canRenderFloatTextures, cornerstoneStreamingImageVolumeLoader, init as initCore, volumeLoader } from '@cornerstonejs/core';
import { init as initLoader } from '@cornerstonejs/dicom-image-loader';
import { addTool, init as initTools } from '@cornerstonejs/tools';
import { seriesLoader } from './loading/series-loader.ts';
import { ALL_TOOLS } from './viewer-config.ts';

let ready: Promise<void> | undefined;

export const STREAMING_VOLUME_SCHEME = 'cornerstoneStreamingImageVolume';

export function initCornerstone(): Promise<void> {
  ready ??= (async () => {
    initCore();
    // Two decode workers are plenty for stacks of a few hundred slices and keep memory modest.
    // The legacy (dicom-parser) metadata path: 5.14's new naturalized parser does not inflate
    // Deflated Explicit VR Little Endian files and renders them blank; the legacy one does.
    initLoader({ maxWebWorkers: Math.min(2, navigator.hardwareConcurrency || 1), useLegacyMetadataProvider: true });
    volumeLoader.registerVolumeLoader(
      STREAMING_VOLUME_SCHEME,
      cornerstoneStreamingImageVolumeLoader as unknown as Parameters<typeof volumeLoader.registerVolumeLoader>[1],
    );
    initTools();
    for (const tool of ALL_TOOLS) addTool(tool as Parameters<typeof addTool>[0]);
    // Series downloads decode plain grayscale pixels in the fetch worker, as this renderer needs them.
    seriesLoader.decodeSeriesPixels({ allowFloat: canRenderFloatTextures() });
  })();
  return ready;
}
