/**
 * The one owner of Cornerstone state for the viewer: a rendering engine, the stack tool group,
 * the stack viewports the React wrappers enable on mount and disable on unmount, annotations,
 * synchronisation and cine. Components never touch Cornerstone directly; they call this service
 * and receive a viewport's display state (image n/N, window, zoom, rotation, load failure) for
 * the overlay through the listener they pass to enable(). MPR lives in mpr-service.ts on the
 * same rendering engine.
 */
import {
  Enums,
  RenderingEngine,
  cache,
  eventTarget,
  getRenderingEngine,
  imageLoader,
  metaData,
  type StackViewport,
  type Types,
} from '@cornerstonejs/core';
import {
  annotation as csAnnotation,
  Enums as ToolEnums,
  SynchronizerManager,
  ReferenceLinesTool,
  ToolGroupManager,
  synchronizers,
  type Types as ToolTypes,
} from '@cornerstonejs/tools';
import { internal as loaderInternal, wadouri } from '@cornerstonejs/dicom-image-loader';
import { API_BASE } from '@pacs/common';
import {
  fromItem,
  isShown,
  toItem,
  type AnnotationItem,
  type AnnotationStatus,
  type CsAnnotation,
  type ServerAnnotation,
} from './annotations.ts';
import { initCornerstone } from './cornerstone-init.ts';
import { firstImageSettled, takeEarly } from './loading/early-image.ts';
import { fetchFile, prefetchSeries } from './loading/file-fetcher.ts';
import { rememberFirstLookPlace } from './loading/first-look.ts';
import { seriesDownloads } from './loading/image-ids.ts';
import { cacheNativeImage } from './loading/native-images.ts';
import { clampFps, nextCineIndex, normaliseAngle, type CineRange } from './interaction.ts';
import { voiRangeToWindow, windowToVoiRange, type WindowLevel } from './presets.ts';
import {
  ALL_TOOLS,
  ANNOTATION_TOOLS,
  defaultPrimaryTool,
  INTERACTION_TOOLS,
  stackBindings,
  type MouseSettings,
  type ToolBinding,
} from './viewer-config.ts';

export const RENDERING_ENGINE_ID = 'pacs-viewer';
const TOOL_GROUP_ID = 'pacs-stack';
const SYNC_IDS = { scroll: 'pacs-sync-scroll', window_level: 'pacs-sync-voi', zoom_pan: 'pacs-sync-zoom-pan' } as const;
/** Reference lines stand apart from the measurements' green and red. */
export const REFERENCE_LINE_COLOR = '#ffd400';
/**
 * Images of a series in flight when it is fetched after its first image. Twice the browser's six
 * connections per host: while one image is parsed and decoded, the next is already downloading.
 */
const PREFETCH_CONCURRENCY = 12;

export interface ViewportState {
  /** 0-based index of the shown image, -1 before the first image. */
  index: number;
  count: number;
  window: WindowLevel | null;
  /** Zoom relative to the fitted image (1 = fit). */
  zoom: number;
  /** Degrees, 0..359. */
  rotation: number;
  flipHorizontal: boolean;
  flipVertical: boolean;
  invert: boolean;
  /** The image id on screen (for the overlay, key images and the header dialog). */
  imageId: string | null;
  status: 'empty' | 'loading' | 'ready' | 'failed';
  /** The transfer syntax UID of an image that could not be displayed, when known. */
  failedTransferSyntax: string | null;
  /** The image id that could not be displayed (its file tells what the object is instead). */
  failedImageId: string | null;
}

export type ViewportListener = (state: ViewportState) => void;

export const EMPTY_VIEWPORT_STATE: ViewportState = {
  index: -1,
  count: 0,
  window: null,
  zoom: 1,
  rotation: 0,
  flipHorizontal: false,
  flipVertical: false,
  invert: false,
  imageId: null,
  status: 'empty',
  failedTransferSyntax: null,
  failedImageId: null,
};

/** Series download progress: loading, loaded or failed (spec 2 §4 thumbnails). */
export type SeriesLoadStatus = 'loading' | 'loaded' | 'failed';

export interface ViewerDisplaySettings {
  mouse: MouseSettings;
  color: { annotation: string; active: string };
  fontSize: number;
  interpolation: 'bilinear' | 'nearest_neighbor' | 'bicubic';
  magnifier: { zoom: number; size: number };
}

/** Asks the user for an annotation's text; resolves null when cancelled. */
export type TextRequester = (initial: string) => Promise<string | null>;

interface Entry {
  imageIds: string[];
  state: ViewportState;
  listener: ViewportListener;
  detach: () => void;
  /** Bumped by every setStack so late answers for an older stack are ignored. */
  generation: number;
  /** First image of an image-grid cell: the viewport shows `offset` images after the group's index. */
  element: HTMLDivElement;
}

interface DataSetLike {
  string(tag: string): string | undefined;
}

function transferSyntaxFromError(error: unknown): string | null {
  const failure = (error ?? {}) as { dataSet?: DataSetLike; error?: { dataSet?: DataSetLike } };
  const dataSet = failure.dataSet ?? failure.error?.dataSet;
  return dataSet?.string('x00020010')?.trim() || null;
}

function transferSyntaxFromMetadata(imageId: string): string | null {
  const module = metaData.get('transferSyntax', imageId) as { transferSyntaxUID?: string } | undefined;
  return module?.transferSyntaxUID ?? null;
}

/** The transfer syntax of an instance from the archive's DICOMweb metadata, when it says. */
async function transferSyntaxFromArchive(imageId: string): Promise<string | null> {
  const query = new URLSearchParams(imageId.slice(imageId.indexOf('?') + 1));
  const [study, series, instance] = [query.get('studyUID'), query.get('seriesUID'), query.get('objectUID')];
  if (!study || !series || !instance) return null;
  try {
    const response = await fetch(`${API_BASE}/dicom-web/studies/${study}/series/${series}/instances/${instance}/metadata`, {
      headers: { Accept: 'application/dicom+json' },
      credentials: 'same-origin',
    });
    if (!response.ok) return null;
    const [item] = (await response.json()) as { '00020010'?: { Value?: string[] } }[];
    return item?.['00020010']?.Value?.[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether the decoded pixels fit the image's size with 1 (grey), 3 (RGB) or 4 (RGBA) samples per
 * pixel. Cornerstone hands some images on undecoded (uncompressed YBR_FULL_422 keeps 2 bytes
 * per pixel); the renderer then throws and the canvas stays black, so such images get the
 * "cannot be displayed" message instead.
 */
export function isDisplayable(image: Pick<Types.IImage, 'rows' | 'columns' | 'getPixelData'> & { voxelManager?: unknown }): boolean {
  const manager = image.voxelManager as { getScalarData?: () => ArrayLike<number> } | undefined;
  let data: ArrayLike<number> | undefined;
  try {
    data = manager?.getScalarData?.() ?? image.getPixelData();
  } catch {
    return false;
  }
  const pixels = image.rows * image.columns;
  if (!data || !pixels) return false;
  return [1, 3, 4].includes(data.length / pixels);
}

/**
 * Hands the early download of an image (early-image.ts) to the DICOM image loader's data set
 * cache: the load that follows finds the pending file there instead of requesting it again.
 */
function adoptEarlyImage(imageId: string): void {
  if (!imageId.startsWith('wadouri:')) return;
  const { url } = wadouri.parseImageId(imageId);
  const request = takeEarly(url);
  if (!request || wadouri.dataSetCacheManager.isLoaded(url)) return;
  const loadRequest = () => request.catch(() => loaderInternal.xhrRequest(url, imageId));
  // A failure shows through the image load that follows, not here.
  wadouri.dataSetCacheManager.load(url, loadRequest, imageId).catch(() => undefined);
}

/**
 * Loads an image into the cache with its file downloaded by the fetch worker (file-fetcher.ts):
 * the file's data set is started here, so the image loader finds it pending instead of asking
 * with its own XMLHttpRequest on the main thread. A plain grayscale file's image is then made
 * here (native-images.ts), sparing the decode worker's round trip; any other goes through
 * Cornerstone's loader. The reference to the data set taken here passes to the image made here,
 * or is dropped once Cornerstone's loader holds its own.
 */
async function loadWithWorkerFetch(imageId: string): Promise<void> {
  if (!imageId.startsWith('wadouri:')) {
    await imageLoader.loadAndCacheImage(imageId);
    return;
  }
  const { url, frame } = wadouri.parseImageId(imageId);
  const dataSet = await wadouri.dataSetCacheManager.load(url, () => fetchFile(url), imageId).catch(() => null);
  const native = dataSet && frame === undefined ? cacheNativeImage(imageId, url, dataSet) : null;
  if (native) {
    await native;
    return;
  }
  try {
    // A failed download shows through here, as the loader asks again.
    await imageLoader.loadAndCacheImage(imageId);
  } finally {
    if (dataSet) wadouri.dataSetCacheManager.unload(url);
  }
}

/** Resolves after the next frame was painted (a render asked for now is on screen by then). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * Cornerstone's SVG annotation layer of a viewport element as an image, or null when it draws
 * nothing (hidden annotations are not drawn at all, so they stay out of captures too).
 */
async function svgLayerImage(element: HTMLElement): Promise<HTMLImageElement | null> {
  const layer = element.querySelector('.svg-layer');
  if (!(layer instanceof SVGSVGElement) || ![...layer.children].some((child) => child.tagName !== 'defs')) return null;
  const { width, height } = layer.getBoundingClientRect();
  if (!width || !height) return null;
  const clone = layer.cloneNode(true) as SVGSVGElement;
  clone.removeAttribute('style');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const markup = new XMLSerializer().serializeToString(clone);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image;
  } catch {
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}

const DEFAULT_DISPLAY: ViewerDisplaySettings = {
  mouse: { left: 'window_level', middle: 'zoom', right: 'pan' },
  color: { annotation: '#00ff00', active: '#ff3333' },
  fontSize: 13,
  interpolation: 'bilinear',
  magnifier: { zoom: 200, size: 300 },
};

export class ViewportService {
  private engine: RenderingEngine | undefined;
  private readonly entries = new Map<string, Entry>();
  /** enable/disable run in call order even though enable waits for the one-time init. */
  private queue: Promise<void> = Promise.resolve();
  private display: ViewerDisplaySettings = DEFAULT_DISPLAY;
  private primaryTool = defaultPrimaryTool(DEFAULT_DISPLAY.mouse);
  private textRequester: TextRequester = (initial) => Promise.resolve(window.prompt('', initial));
  /** Who drew each annotation on screen (Account id); annotations drawn here belong to `me`. */
  private readonly owners = new Map<string, string>();
  private me = '';
  private annotationStatus: AnnotationStatus = 'show_all';
  private readonly annotationListeners = new Set<() => void>();
  private readonly cine = new Map<string, ReturnType<typeof setInterval>>();
  private syncEnabled = false;
  private syncKinds = { scroll: true, window_level: false, zoom_pan: false };
  private readonly colormaps = new Map<string, string | null>();
  private listenersInstalled = false;
  /** Stack downloads under way, by their image ids. */
  private readonly prefetching = new Map<string, Promise<SeriesLoadStatus>>();
  private referenceSource = '';
  private readonly stateListeners = new Set<() => void>();
  /** Cornerstone's own default annotation style, read before the first configure(). */
  private baseStyle: Record<string, unknown> | undefined;

  /** Any viewport's display state changed (for components outside the viewport, e.g. the toolbar). */
  subscribe = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Makes `element` a stack viewport once Cornerstone is ready; `listener` gets every display change. */
  enable(viewportId: string, element: HTMLDivElement, listener: ViewportListener): Promise<void> {
    const run = this.queue.then(async () => {
      await initCornerstone();
      this.attach(viewportId, element, listener);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  disable(viewportId: string): Promise<void> {
    const run = this.queue.then(() => this.detach(viewportId));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The shared rendering engine (MPR adds its volume viewports to it). */
  renderingEngine(): RenderingEngine {
    this.engine ??= getRenderingEngine(RENDERING_ENGINE_ID) ?? new RenderingEngine(RENDERING_ENGINE_ID);
    this.installGlobalListeners();
    return this.engine;
  }

  /** Call after an element changed size; keeps the camera (zoom and pan) as it was. */
  resize(): void {
    this.engine?.resize(true, true);
  }

  /** Applies the user's viewer settings: mouse buttons, annotation colours and font, interpolation, magnifier. */
  configure(display: ViewerDisplaySettings): void {
    const mouseChanged = JSON.stringify(display.mouse) !== JSON.stringify(this.display.mouse);
    this.display = display;
    if (mouseChanged) this.primaryTool = defaultPrimaryTool(display.mouse);
    // setDefaultToolStyles replaces the defaults: keep Cornerstone's (text box visibility, fonts, …).
    const defaults = csAnnotation.config.style.getDefaultToolStyles() as { global?: Record<string, unknown> };
    csAnnotation.config.style.setDefaultToolStyles({
      global: {
        ...(this.baseStyle ??= { ...(defaults.global ?? {}) }),
        color: display.color.annotation,
        colorHighlighted: display.color.active,
        colorSelected: display.color.active,
        colorLocked: display.color.annotation,
        textBoxColor: display.color.annotation,
        textBoxColorHighlighted: display.color.active,
        textBoxColorSelected: display.color.active,
        textBoxColorLocked: display.color.annotation,
        textBoxFontSize: `${display.fontSize}px`,
        lineWidth: '2',
      },
      [ReferenceLinesTool.toolName]: {
        color: REFERENCE_LINE_COLOR,
        colorHighlighted: REFERENCE_LINE_COLOR,
        colorSelected: REFERENCE_LINE_COLOR,
        colorLocked: REFERENCE_LINE_COLOR,
        lineWidth: '1.5',
        lineDash: '',
      },
    });
    const group = ToolGroupManager.getToolGroup(TOOL_GROUP_ID);
    if (group) {
      this.applyBindings(group);
      this.configureTools(group);
    }
    for (const viewportId of this.entries.keys()) this.applyInterpolation(viewportId);
  }

  /**
   * Reference lines (spec 2 §2 layouts): every other viewport showing a series of the same frame
   * of reference draws where `viewportId`'s current slice cuts it. Follows the active viewport.
   */
  setReferenceSource(viewportId: string): void {
    this.referenceSource = viewportId;
    const group = ToolGroupManager.getToolGroup(TOOL_GROUP_ID);
    const current = group?.getToolConfiguration(ReferenceLinesTool.toolName, 'sourceViewportId') as string | undefined;
    if (group && current !== viewportId) group.setToolConfiguration(ReferenceLinesTool.toolName, { sourceViewportId: viewportId });
  }

  setTextRequester(requester: TextRequester): void {
    this.textRequester = requester;
  }

  /** The tool on the left button, as a toolbar feature key (window_level, length, …). */
  getPrimaryFeature(): string | null {
    return Object.entries(INTERACTION_TOOLS).find(([, tool]) => tool === this.primaryTool)?.[0] ?? null;
  }

  /** Puts the tool of a toolbar feature on the left button. */
  setPrimaryTool(toolName: string): void {
    const group = ToolGroupManager.getToolGroup(TOOL_GROUP_ID);
    this.primaryTool = toolName;
    if (group) this.applyBindings(group);
  }

  async setStack(viewportId: string, imageIds: string[], index = 0): Promise<void> {
    const entry = this.entries.get(viewportId);
    const viewport = this.viewport(viewportId);
    if (!entry || !viewport) return;
    this.stopCine(viewportId);
    const generation = ++entry.generation;
    entry.imageIds = imageIds;
    this.update(entry, { ...EMPTY_VIEWPORT_STATE, count: imageIds.length, status: imageIds.length ? 'loading' : 'empty' });
    if (!imageIds.length) return;
    const start = Math.min(Math.max(0, index), imageIds.length - 1);
    try {
      adoptEarlyImage(imageIds[start] ?? '');
      await viewport.setStack(imageIds, start);
      if (entry.generation !== generation) return;
      // Cornerstone reports a renderer failure only as an anonymous event; check the image itself.
      const image = cache.getImage(imageIds[start] ?? '');
      if (image && !isDisplayable(image)) {
        await this.fail(entry, imageIds[start] ?? '', null);
        return;
      }
      viewport.resetCamera();
      this.applyInterpolation(viewportId);
      const colormap = this.colormaps.get(viewportId);
      if (colormap) viewport.setProperties({ colormap: { name: colormap } });
      viewport.render();
      // The rest of the stack as its files arrive (the series download starts once this image shows).
      if (imageIds.length > 1) void this.prefetch(imageIds);
      const shownId = imageIds[start] ?? '';
      void afterNextPaint().then(() => {
        firstImageSettled();
        if (shownId.startsWith('wadouri:')) rememberFirstLookPlace(wadouri.parseImageId(shownId).url, viewport.element);
      });
      if (entry.state.status === 'loading') this.update(entry, { ...entry.state, status: 'ready' });
      this.refresh(viewportId);
      this.updateSync();
    } catch (error) {
      firstImageSettled();
      if (entry.generation === generation) await this.fail(entry, imageIds[start] ?? '', error);
    }
  }

  /** Steps through the stack by `delta` images (negative goes back), stopping at the ends. */
  async scroll(viewportId: string, delta: number): Promise<void> {
    const viewport = this.viewport(viewportId);
    if (!viewport) return;
    await this.showImage(viewportId, viewport.getCurrentImageIdIndex() + delta);
  }

  /** Shows image `index` (clamped to the stack). */
  async showImage(viewportId: string, index: number): Promise<void> {
    const entry = this.entries.get(viewportId);
    const viewport = this.viewport(viewportId);
    if (!entry || !viewport || !entry.imageIds.length) return;
    const target = Math.min(entry.imageIds.length - 1, Math.max(0, index));
    const generation = entry.generation;
    try {
      await viewport.setImageIdIndex(target);
    } catch (error) {
      if (entry.generation === generation) await this.fail(entry, entry.imageIds[target] ?? '', error);
    }
  }

  setWindow(viewportId: string, window: WindowLevel): void {
    const viewport = this.readyViewport(viewportId);
    if (!viewport) return;
    viewport.setProperties({ voiRange: windowToVoiRange(window) });
    viewport.render();
  }

  toggleInvert(viewportId: string): void {
    const viewport = this.readyViewport(viewportId);
    if (!viewport) return;
    viewport.setProperties({ invert: !viewport.getProperties().invert });
    viewport.render();
    this.refresh(viewportId);
  }

  flip(viewportId: string, direction: 'horizontal' | 'vertical'): void {
    const viewport = this.readyViewport(viewportId);
    if (!viewport) return;
    const camera = viewport.getCamera();
    if (direction === 'horizontal') viewport.setCamera({ flipHorizontal: !camera.flipHorizontal });
    else viewport.setCamera({ flipVertical: !camera.flipVertical });
    viewport.render();
    this.refresh(viewportId);
  }

  /** Turns the image to `degrees` (0..360, clockwise). */
  setRotation(viewportId: string, degrees: number): void {
    const viewport = this.readyViewport(viewportId);
    if (!viewport) return;
    viewport.setViewPresentation({ rotation: normaliseAngle(degrees) });
    viewport.render();
    this.refresh(viewportId);
  }

  rotateBy(viewportId: string, degrees: number): void {
    this.setRotation(viewportId, this.getState(viewportId).rotation + degrees);
  }

  /** Zoom in percent of the fitted image. */
  setZoomPercent(viewportId: string, percent: number): void {
    const viewport = this.readyViewport(viewportId);
    if (!viewport) return;
    viewport.setZoom(percent / 100);
    viewport.render();
    this.refresh(viewportId);
  }

  /** A registered colour map by name, or null for plain grey. */
  setColormap(viewportId: string, name: string | null): void {
    this.colormaps.set(viewportId, name);
    const viewport = this.readyViewport(viewportId);
    if (!viewport) return;
    viewport.setProperties({ colormap: { name: name ?? 'Grayscale' } });
    viewport.render();
  }

  /** Back to the image's own window, no zoom, no pan, no rotation or flip, grey. */
  reset(viewportId: string): void {
    const viewport = this.readyViewport(viewportId);
    if (!viewport) return;
    this.colormaps.delete(viewportId);
    viewport.resetProperties();
    viewport.setViewPresentation({ rotation: 0 });
    viewport.setCamera({ flipHorizontal: false, flipVertical: false });
    viewport.resetCamera();
    this.applyInterpolation(viewportId);
    viewport.render();
    this.refresh(viewportId);
  }

  getState(viewportId: string): ViewportState {
    return this.entries.get(viewportId)?.state ?? EMPTY_VIEWPORT_STATE;
  }

  getImageIds(viewportId: string): readonly string[] {
    return this.entries.get(viewportId)?.imageIds ?? [];
  }

  /**
   * The viewport as the user sees it, as PNG or JPEG: the rendered image with the visible
   * annotations (Cornerstone's SVG layer) burnt in, for captures and exports.
   */
  async captureImage(viewportId: string, type: 'image/png' | 'image/jpeg' = 'image/png'): Promise<Blob | null> {
    const viewport = this.readyViewport(viewportId);
    if (!viewport) return null;
    viewport.render();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const source = viewport.canvas;
    // Copied onto a canvas of its own so JPEG gets an opaque black background.
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext('2d');
    if (!context) return null;
    context.fillStyle = '#000';
    context.fillRect(0, 0, copy.width, copy.height);
    context.drawImage(source, 0, 0);
    // The SVG layer is sized in CSS pixels; the canvas in device pixels: scale it to fit.
    const marks = await svgLayerImage(viewport.element);
    if (marks) context.drawImage(marks, 0, 0, copy.width, copy.height);
    return new Promise((resolve) => copy.toBlob(resolve, type, 0.92));
  }

  // Series download ----------------------------------------------------------------------------

  /**
   * Downloads and decodes every image of a series into the cache, a few at a time, so scrolling
   * and MPR need no network. `onProgress` gets the number of images done.
   */
  prefetch(imageIds: readonly string[], onProgress?: (done: number, failed: number) => void): Promise<SeriesLoadStatus> {
    if (onProgress) return this.load(imageIds, onProgress);
    // The viewer starts a stack's download with its first image; the cell asks again a moment later.
    const key = imageIds.join('\n');
    const running = this.prefetching.get(key);
    if (running) return running;
    const started = this.load(imageIds).finally(() => this.prefetching.delete(key));
    this.prefetching.set(key, started);
    return started;
  }

  private async load(imageIds: readonly string[], onProgress?: (done: number, failed: number) => void): Promise<SeriesLoadStatus> {
    await initCornerstone();
    // The first image's render is asked for just before: a dozen downloads decoding on the main
    // thread would push its frame back.
    await afterNextPaint();
    // The files come in one request per series; the loop below takes them as they arrive.
    // Images already in the cache (the first one, shown by now) need no download.
    const missing = imageIds.filter((imageId) => !cache.getImageLoadObject(imageId));
    for (const download of seriesDownloads(missing)) prefetchSeries(download.url, download.files);
    let next = 0;
    let done = 0;
    let failed = 0;
    const worker = async () => {
      while (next < imageIds.length) {
        const imageId = imageIds[next++] ?? '';
        try {
          if (!cache.getImageLoadObject(imageId)) await loadWithWorkerFetch(imageId);
          else await cache.getImageLoadObject(imageId)?.promise;
        } catch {
          failed++;
        }
        done++;
        onProgress?.(done, failed);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PREFETCH_CONCURRENCY, imageIds.length) }, worker));
    return failed ? 'failed' : 'loaded';
  }

  // Cine ---------------------------------------------------------------------------------------

  startCine(viewportId: string, fps: number, range: CineRange | null, loop: boolean, onStop?: () => void): void {
    this.stopCine(viewportId);
    const entry = this.entries.get(viewportId);
    if (!entry || entry.imageIds.length < 2) return;
    const last = entry.imageIds.length - 1;
    const bounds = range ? { from: Math.min(range.from, last), to: Math.min(range.to, last) } : { from: 0, to: last };
    let busy = false;
    const timer = setInterval(
      () => {
        const viewport = this.viewport(viewportId);
        if (!viewport) return this.stopCine(viewportId);
        if (busy) return;
        const next = nextCineIndex(viewport.getCurrentImageIdIndex(), bounds, loop);
        if (next === null) {
          this.stopCine(viewportId);
          onStop?.();
          return;
        }
        busy = true;
        void this.showImage(viewportId, next).finally(() => (busy = false));
      },
      1000 / clampFps(fps),
    );
    this.cine.set(viewportId, timer);
  }

  stopCine(viewportId: string): void {
    const timer = this.cine.get(viewportId);
    if (timer !== undefined) clearInterval(timer);
    this.cine.delete(viewportId);
  }

  isPlaying(viewportId: string): boolean {
    return this.cine.has(viewportId);
  }

  // Synchronisation ----------------------------------------------------------------------------

  /** Links scroll, window level and zoom/pan of the stack viewports, as the sync settings say. */
  setSync(enabled: boolean, kinds: { scroll: boolean; window_level: boolean; zoom_pan: boolean }): void {
    this.syncEnabled = enabled;
    this.syncKinds = kinds;
    this.updateSync();
  }

  private updateSync(): void {
    for (const id of Object.values(SYNC_IDS)) SynchronizerManager.destroySynchronizer(id);
    if (!this.syncEnabled || !this.engine) return;
    const ready = [...this.entries.entries()].filter(([, entry]) => entry.state.status === 'ready').map(([id]) => id);
    if (ready.length < 2) return;
    const made = [];
    if (this.syncKinds.scroll) made.push(synchronizers.createImageSliceSynchronizer(SYNC_IDS.scroll));
    if (this.syncKinds.window_level)
      made.push(synchronizers.createVOISynchronizer(SYNC_IDS.window_level, { syncInvertState: true, syncColormap: false }));
    if (this.syncKinds.zoom_pan) made.push(synchronizers.createZoomPanSynchronizer(SYNC_IDS.zoom_pan));
    for (const synchronizer of made)
      for (const viewportId of ready) synchronizer.add({ renderingEngineId: RENDERING_ENGINE_ID, viewportId });
  }

  // Annotations --------------------------------------------------------------------------------

  /** Called after any annotation was drawn, changed or removed (to save them). */
  onAnnotationsChanged(listener: () => void): () => void {
    this.annotationListeners.add(listener);
    return () => this.annotationListeners.delete(listener);
  }

  /** Replaces the annotations on screen with the study's saved ones; `me` is the signed account. */
  loadAnnotations(items: readonly ServerAnnotation[], studyUid: string, me: string): void {
    this.me = me;
    this.clearAnnotations();
    items.forEach((item, index) => {
      const uid = `saved-${String(item.Id)}-${index}`;
      const built = fromItem(item, studyUid, uid);
      if (!built) return;
      this.owners.set(uid, item.Account);
      const groupKey = (built.metadata.FrameOfReferenceUID as string | undefined) ?? 'unknown';
      csAnnotation.state.addAnnotation(built as unknown as ToolTypes.Annotation, groupKey);
      // Other readers' marks can be seen but not moved.
      if (item.Account !== me) csAnnotation.locking.setAnnotationLocked(uid, true);
    });
    this.applyAnnotationStatus();
    this.renderAll();
  }

  /** The signed user's own annotations on this study, as server rows. */
  ownAnnotationItems(): AnnotationItem[] {
    return this.allAnnotations()
      .filter((item) => item.annotationUID && this.ownerOf(item.annotationUID) === this.me)
      .map(toItem)
      .filter((item): item is AnnotationItem => item !== null);
  }

  /** How many annotations are on screen (all owners), for tests and the toolbar state. */
  annotationCount(): number {
    return this.allAnnotations().length;
  }

  setAnnotationStatus(status: AnnotationStatus): void {
    this.annotationStatus = status;
    this.applyAnnotationStatus();
    this.renderAll();
  }

  clearAnnotations(): void {
    csAnnotation.state.removeAllAnnotations();
    this.owners.clear();
  }

  private allAnnotations(): CsAnnotation[] {
    const all = csAnnotation.state.getAllAnnotations() as unknown as CsAnnotation[];
    return all.filter((item) => ANNOTATION_TOOLS.includes(item.metadata.toolName));
  }

  private ownerOf(uid: string): string {
    return this.owners.get(uid) ?? this.me;
  }

  private applyAnnotationStatus(): void {
    for (const item of this.allAnnotations()) {
      if (!item.annotationUID) continue;
      const visible = isShown(this.annotationStatus, this.ownerOf(item.annotationUID), this.me);
      csAnnotation.visibility.setAnnotationVisibility(item.annotationUID, visible);
    }
  }

  private readonly onAnnotationEvent = () => {
    for (const listener of this.annotationListeners) listener();
  };

  private renderAll(): void {
    this.engine?.render();
  }

  // Internals ----------------------------------------------------------------------------------

  private installGlobalListeners(): void {
    if (this.listenersInstalled) return;
    this.listenersInstalled = true;
    eventTarget.addEventListener(Enums.Events.IMAGE_LOAD_ERROR, this.onLoadError);
    const events = ToolEnums.Events;
    for (const name of [events.ANNOTATION_COMPLETED, events.ANNOTATION_MODIFIED, events.ANNOTATION_REMOVED])
      eventTarget.addEventListener(name, this.onAnnotationEvent);
    // A new annotation drawn while only the user's own are shown or all are hidden follows the status.
    eventTarget.addEventListener(events.ANNOTATION_COMPLETED, (event: Event) => {
      const uid = (event as CustomEvent<{ annotation?: { annotationUID?: string } }>).detail.annotation?.annotationUID;
      if (uid && !this.owners.has(uid)) this.owners.set(uid, this.me);
    });
  }

  private attach(viewportId: string, element: HTMLDivElement, listener: ViewportListener): void {
    if (this.entries.has(viewportId)) this.detach(viewportId);
    const engine = this.renderingEngine();
    engine.enableElement({
      viewportId,
      element,
      type: Enums.ViewportType.STACK,
      defaultOptions: { background: [0, 0, 0] as Types.Point3 },
    });
    this.toolGroup().addViewport(viewportId, RENDERING_ENGINE_ID);
    const entry: Entry = { imageIds: [], state: EMPTY_VIEWPORT_STATE, listener, generation: 0, detach: () => undefined, element };
    const onNewImage = (event: Event) => {
      const detail = (event as CustomEvent<{ image?: Types.IImage; imageId?: string }>).detail;
      if (detail.image && !isDisplayable(detail.image)) {
        void this.fail(entry, detail.imageId ?? '', null);
        return;
      }
      // A later image of the stack loaded fine: a failure shown for an earlier one no longer applies.
      if (entry.state.status === 'failed' || entry.state.status === 'loading')
        this.update(entry, { ...entry.state, status: 'ready', failedTransferSyntax: null, failedImageId: null });
      this.refresh(viewportId);
    };
    const onChange = () => this.refresh(viewportId);
    // Before the magnifier sees the press (Cornerstone listens for mouse and touch events).
    const fitLens = () => {
      if (this.primaryTool === INTERACTION_TOOLS.magnifier) this.fitMagnifier(element);
    };
    // The browser's menu would cover the image when panning with the right button.
    const noMenu = (event: Event) => event.preventDefault();
    const changes = [Enums.Events.VOI_MODIFIED, Enums.Events.CAMERA_MODIFIED, Enums.Events.IMAGE_RENDERED];
    element.addEventListener(Enums.Events.STACK_NEW_IMAGE, onNewImage);
    for (const name of changes) element.addEventListener(name, onChange);
    element.addEventListener('contextmenu', noMenu);
    element.addEventListener('pointerdown', fitLens, true);
    entry.detach = () => {
      element.removeEventListener('pointerdown', fitLens, true);
      element.removeEventListener(Enums.Events.STACK_NEW_IMAGE, onNewImage);
      for (const name of changes) element.removeEventListener(name, onChange);
      element.removeEventListener('contextmenu', noMenu);
    };
    this.entries.set(viewportId, entry);
    listener(entry.state);
  }

  private detach(viewportId: string): void {
    const entry = this.entries.get(viewportId);
    if (!entry) return;
    this.stopCine(viewportId);
    entry.detach();
    entry.generation++;
    this.entries.delete(viewportId);
    this.colormaps.delete(viewportId);
    for (const id of Object.values(SYNC_IDS))
      SynchronizerManager.getSynchronizer(id)?.remove({ renderingEngineId: RENDERING_ENGINE_ID, viewportId });
    ToolGroupManager.getToolGroup(TOOL_GROUP_ID)?.removeViewports(RENDERING_ENGINE_ID, viewportId);
    this.engine?.disableElement(viewportId);
  }

  private toolGroup() {
    const existing = ToolGroupManager.getToolGroup(TOOL_GROUP_ID);
    if (existing) return existing;
    const group = ToolGroupManager.createToolGroup(TOOL_GROUP_ID);
    if (!group) throw new Error('Cornerstone refused to create the stack tool group');
    for (const tool of ALL_TOOLS) if (tool.toolName !== 'Crosshairs') group.addTool(tool.toolName);
    this.configureTools(group);
    this.applyBindings(group);
    group.setToolConfiguration(ReferenceLinesTool.toolName, { sourceViewportId: this.referenceSource });
    group.setToolEnabled(ReferenceLinesTool.toolName);
    return group;
  }

  private configureTools(group: NonNullable<ReturnType<typeof ToolGroupManager.getToolGroup>>): void {
    const ask = (initial: string, done: (text: string) => void) =>
      void this.textRequester(initial).then((text) => {
        if (text) done(text);
      });
    const textConfig = {
      getTextCallback: (done: (text: string) => void) => ask('', done),
      changeTextCallback: (data: { data?: { text?: string; label?: string } }, _event: unknown, done: (text: string) => void) =>
        ask(data.data?.text ?? data.data?.label ?? '', done),
    };
    group.setToolConfiguration(INTERACTION_TOOLS.arrow, textConfig);
    group.setToolConfiguration(INTERACTION_TOOLS.text, textConfig);
    const { zoom, size } = this.display.magnifier;
    group.setToolConfiguration(INTERACTION_TOOLS.magnifier, { magnifySize: zoom / 100, magnifyWidth: size, magnifyHeight: size });
  }

  /**
   * Cornerstone's lens scales the viewport's camera, whose scale is relative to the element's
   * height, onto a lens of its own height: its `magnifySize` must carry the ratio of the two for
   * the lens to show the image at the settings' zoom (200 % of what is on screen).
   */
  private fitMagnifier(element: HTMLElement): void {
    const group = ToolGroupManager.getToolGroup(TOOL_GROUP_ID);
    const { zoom, size } = this.display.magnifier;
    if (!group || !element.clientHeight || !size) return;
    group.setToolConfiguration(INTERACTION_TOOLS.magnifier, { magnifySize: ((zoom / 100) * element.clientHeight) / size });
  }

  /** Every tool gets exactly the bindings the primary tool and mouse settings give it. */
  private applyBindings(group: NonNullable<ReturnType<typeof ToolGroupManager.getToolGroup>>): void {
    const wanted = stackBindings(this.primaryTool, this.display.mouse);
    for (const tool of ALL_TOOLS) {
      const name = tool.toolName;
      if (name === 'Crosshairs' || name === ReferenceLinesTool.toolName || !group.hasTool(name)) continue;
      group.setToolPassive(name, { removeAllBindings: true });
      const bindings: ToolBinding[] = wanted.get(name) ?? [];
      if (bindings.length) group.setToolActive(name, { bindings: bindings as ToolTypes.IToolBinding[] });
      // Annotation tools stay passive otherwise, so marks can still be selected and moved.
    }
    // Reference lines are always on (display only); the screen names their source viewport.
  }

  private applyInterpolation(viewportId: string): void {
    const viewport = this.viewport(viewportId);
    if (!viewport || this.entries.get(viewportId)?.state.status === 'empty') return;
    const type = this.display.interpolation === 'nearest_neighbor' ? Enums.InterpolationType.NEAREST : Enums.InterpolationType.LINEAR;
    viewport.setProperties({ interpolationType: type });
  }

  private viewport(viewportId: string): StackViewport | undefined {
    if (!this.entries.has(viewportId)) return undefined;
    return this.engine?.getViewport(viewportId) as StackViewport | undefined;
  }

  private readyViewport(viewportId: string): StackViewport | undefined {
    return this.entries.get(viewportId)?.state.status === 'ready' ? this.viewport(viewportId) : undefined;
  }

  /** A failed image anywhere: mark the viewports that were waiting for it. */
  private readonly onLoadError = (event: Event) => {
    const detail = (event as CustomEvent<{ imageId?: string; error?: unknown } | undefined>).detail;
    if (typeof detail?.imageId !== 'string') return;
    for (const [viewportId, entry] of this.entries) {
      const viewport = this.viewport(viewportId);
      const shown = viewport ? entry.imageIds[viewport.getCurrentImageIdIndex()] : undefined;
      if (
        entry.state.status === 'loading' &&
        entry.imageIds.includes(detail.imageId) &&
        (shown === detail.imageId || entry.state.index < 0)
      ) {
        void this.fail(entry, detail.imageId, detail.error);
      }
    }
  };

  private async fail(entry: Entry, imageId: string, error: unknown): Promise<void> {
    if (entry.state.status === 'failed') return;
    const generation = entry.generation;
    this.update(entry, { ...entry.state, status: 'failed', failedTransferSyntax: null, failedImageId: imageId || null });
    const syntax = transferSyntaxFromError(error) ?? transferSyntaxFromMetadata(imageId) ?? (await transferSyntaxFromArchive(imageId));
    // Read through a function: TypeScript would keep the narrowing from before the await.
    const stillFailed = (current: Entry) => current.generation === generation && current.state.status === 'failed';
    if (syntax && stillFailed(entry)) {
      this.update(entry, { ...entry.state, failedTransferSyntax: syntax });
    }
  }

  private refresh(viewportId: string): void {
    const entry = this.entries.get(viewportId);
    const viewport = this.viewport(viewportId);
    if (!entry || !viewport || entry.state.status !== 'ready') return;
    const { voiRange, invert } = viewport.getProperties();
    const camera = viewport.getCamera();
    const index = viewport.getCurrentImageIdIndex();
    const next: ViewportState = {
      ...entry.state,
      index,
      count: entry.imageIds.length,
      window: voiRange ? voiRangeToWindow(voiRange) : null,
      zoom: viewport.getZoom(),
      rotation: normaliseAngle(viewport.getViewPresentation().rotation ?? 0),
      flipHorizontal: !!camera.flipHorizontal,
      flipVertical: !!camera.flipVertical,
      invert: !!invert,
      imageId: entry.imageIds[index] ?? null,
    };
    const prev = entry.state;
    const same =
      prev.index === next.index &&
      prev.count === next.count &&
      prev.zoom === next.zoom &&
      prev.rotation === next.rotation &&
      prev.flipHorizontal === next.flipHorizontal &&
      prev.flipVertical === next.flipVertical &&
      prev.invert === next.invert &&
      prev.imageId === next.imageId &&
      prev.window?.width === next.window?.width &&
      prev.window?.center === next.window?.center;
    if (!same) this.update(entry, next);
  }

  private update(entry: Entry, state: ViewportState): void {
    entry.state = state;
    entry.listener(state);
    for (const listener of this.stateListeners) listener();
  }
}

/** The viewer's single service instance. */
export const viewportService = new ViewportService();
