/**
 * MPR: a series loaded as one volume and shown in three orthographic volume viewports (axial,
 * sagittal, coronal) on the viewer's rendering engine, with crosshairs linking them. Before the
 * volume is built every image is downloaded (the DICOM image loader learns each slice's
 * geometry from its file) and the geometry is checked (mpr-check.ts); a series that cannot be
 * reconstructed gets its problem back instead of a volume.
 */
import { cache, Enums, metaData, setVolumesForViewports, volumeLoader, type Types, type VolumeViewport } from '@cornerstonejs/core';
import { ToolGroupManager, type Types as ToolTypes } from '@cornerstonejs/tools';
import { STREAMING_VOLUME_SCHEME } from './cornerstone-init.ts';
import { numbersOf } from './dicom-values.ts';
import { checkMpr, type MprProblem } from './mpr-check.ts';
import { voiRangeToWindow, windowToVoiRange, type WindowLevel } from './presets.ts';
import { ALL_TOOLS, mprBindings, type MouseSettings, type ToolBinding } from './viewer-config.ts';
import { RENDERING_ENGINE_ID, viewportService } from './viewport-service.ts';

const MPR_TOOL_GROUP_ID = 'pacs-mpr';

export type MprPlane = 'axial' | 'sagittal' | 'coronal';
export const MPR_PLANES: readonly MprPlane[] = ['axial', 'sagittal', 'coronal'];

const ORIENTATION: Record<MprPlane, Enums.OrientationAxis> = {
  axial: Enums.OrientationAxis.AXIAL,
  sagittal: Enums.OrientationAxis.SAGITTAL,
  coronal: Enums.OrientationAxis.CORONAL,
};

export function mprViewportId(plane: MprPlane): string {
  return `mpr-${plane}`;
}

interface ImagePlane {
  imageOrientationPatient?: number[] | null;
  rowCosines?: number[] | null;
  columnCosines?: number[] | null;
  pixelSpacing?: number[] | null;
  rowPixelSpacing?: number | null;
  columnPixelSpacing?: number | null;
}

/**
 * The geometry of each image: read from the file's own attributes where the loader parsed it
 * (the loader's metadata fills a missing PixelSpacing with a default, which must not pass), else
 * from the loader's image plane module.
 */
function geometryOf(imageId: string) {
  if (imageId.startsWith('wadouri:')) {
    return { orientation: numbersOf(imageId, 'ImageOrientationPatient'), pixelSpacing: numbersOf(imageId, 'PixelSpacing') };
  }
  const plane = (metaData.get('imagePlaneModule', imageId) ?? {}) as ImagePlane;
  const orientation =
    plane.imageOrientationPatient ?? (plane.rowCosines && plane.columnCosines ? [...plane.rowCosines, ...plane.columnCosines] : null);
  const spacing =
    plane.pixelSpacing ?? (plane.rowPixelSpacing && plane.columnPixelSpacing ? [plane.rowPixelSpacing, plane.columnPixelSpacing] : null);
  return { orientation, pixelSpacing: spacing };
}

export interface MprResult {
  problem: MprProblem | null;
}

export class MprService {
  private volumeId: string | null = null;
  private active = false;

  /**
   * Downloads the series and checks that it can be reconstructed. Whole-series prefetching is
   * shared with the stack viewports, so a series already scrolled through costs nothing here.
   */
  async check(imageIds: readonly string[]): Promise<MprProblem | null> {
    if (imageIds.length < 2) return 'two_images';
    await viewportService.prefetch(imageIds);
    return checkMpr(imageIds.map(geometryOf));
  }

  /** Shows the volume of `imageIds` in the three elements; the series must have passed check(). */
  async start(
    elements: Record<MprPlane, HTMLDivElement>,
    imageIds: readonly string[],
    seriesUid: string,
    mouse: MouseSettings,
  ): Promise<void> {
    const engine = viewportService.renderingEngine();
    this.active = true;
    const volumeId = `${STREAMING_VOLUME_SCHEME}:${seriesUid}`;
    this.volumeId = volumeId;
    for (const plane of MPR_PLANES) {
      engine.enableElement({
        viewportId: mprViewportId(plane),
        element: elements[plane],
        type: Enums.ViewportType.ORTHOGRAPHIC,
        defaultOptions: { orientation: ORIENTATION[plane], background: [0, 0, 0] as Types.Point3 },
      });
    }
    const group = this.toolGroup(mouse);
    for (const plane of MPR_PLANES) group.addViewport(mprViewportId(plane), RENDERING_ENGINE_ID);
    const volume = cache.getVolume(volumeId) ?? (await volumeLoader.createAndCacheVolume(volumeId, { imageIds: [...imageIds] }));
    (volume as { load?: () => void }).load?.();
    if (!this.active) return;
    await setVolumesForViewports(
      engine,
      [{ volumeId }],
      MPR_PLANES.map((plane) => mprViewportId(plane)),
    );
    engine.renderViewports(MPR_PLANES.map((plane) => mprViewportId(plane)));
  }

  /** Resolves once every slice of the volume is in (for the benchmark and tests). */
  async whenLoaded(timeoutMs = 60_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const volume = this.volumeId ? cache.getVolume(this.volumeId) : undefined;
      const status = (volume as { loadStatus?: { loaded?: boolean } } | undefined)?.loadStatus;
      if (status?.loaded) return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  }

  resize(): void {
    viewportService.resize();
  }

  stop(): void {
    this.active = false;
    const engine = viewportService.renderingEngine();
    const group = ToolGroupManager.getToolGroup(MPR_TOOL_GROUP_ID);
    for (const plane of MPR_PLANES) {
      const viewportId = mprViewportId(plane);
      group?.removeViewports(RENDERING_ENGINE_ID, viewportId);
      if (engine.getViewport(viewportId)) engine.disableElement(viewportId);
    }
  }

  setWindow(window: WindowLevel): void {
    const engine = viewportService.renderingEngine();
    for (const plane of MPR_PLANES) {
      const viewport = engine.getViewport(mprViewportId(plane)) as VolumeViewport | undefined;
      viewport?.setProperties({ voiRange: windowToVoiRange(window) });
      viewport?.render();
    }
  }

  getWindow(plane: MprPlane): WindowLevel | null {
    const viewport = viewportService.renderingEngine().getViewport(mprViewportId(plane)) as VolumeViewport | undefined;
    const range = viewport?.getProperties()?.voiRange;
    return range ? voiRangeToWindow(range) : null;
  }

  reset(): void {
    const engine = viewportService.renderingEngine();
    for (const plane of MPR_PLANES) {
      const viewport = engine.getViewport(mprViewportId(plane)) as VolumeViewport | undefined;
      viewport?.resetProperties();
      viewport?.resetCamera();
      viewport?.render();
    }
  }

  private toolGroup(mouse: MouseSettings) {
    const existing = ToolGroupManager.getToolGroup(MPR_TOOL_GROUP_ID);
    if (existing) return existing;
    const group = ToolGroupManager.createToolGroup(MPR_TOOL_GROUP_ID);
    if (!group) throw new Error('Cornerstone refused to create the MPR tool group');
    const bindings = mprBindings(mouse);
    for (const tool of ALL_TOOLS) {
      const wanted: ToolBinding[] | undefined = bindings.get(tool.toolName);
      if (!wanted) continue;
      group.addTool(tool.toolName);
      group.setToolActive(tool.toolName, { bindings: wanted as ToolTypes.IToolBinding[] });
    }
    return group;
  }
}

export const mprService = new MprService();
