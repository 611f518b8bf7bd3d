/**
 * The one owner of Cornerstone state for the viewer: a rendering engine, the stack tool group,
 * the stack viewports the React wrappers enable on mount and disable on unmount, annotations,
 * synchronisation and cine. Components never touch Cornerstone directly; they call this service
 * and receive a viewport's display state (image n/N, window, zoom, rotation, load failure) for
 * the overlay through the listener they pass to enable(). MPR lives in mpr-service.ts on the
 * same rendering engine.
 *
 * This file is the service's face and its viewports' lifecycle and stacks; its parts live in
 * viewport/ (display operations, tools, annotations, capture, cine, sync, failure diagnosis), and
 * the loading of series in loading/, through the page's series loader.
 */
import { Enums, RenderingEngine, cache, eventTarget, getRenderingEngine, type StackViewport, type Types } from '@cornerstonejs/core';
import { wadouri } from '@cornerstonejs/dicom-image-loader';
import type { Annotation, AnnotationItem } from '@pacs/common';
import type { AnnotationStatus } from './annotations.ts';
import { afterNextPaint } from './after-next-paint.ts';
import { initCornerstone } from './cornerstone-init.ts';
import type { CineRange } from './interaction.ts';
import { adoptEarlyImage, StackDownloads, type SeriesLoadStatus } from './loading/cornerstone-cache.ts';
import { seriesLoader as pageLoader, type SeriesLoader } from './loading/series-loader.ts';
import type { WindowLevel } from './presets.ts';
import { AnnotationLayer } from './viewport/annotation-layer.ts';
import { captureViewport } from './viewport/capture.ts';
import { Cine } from './viewport/cine.ts';
import { isDisplayable, knownTransferSyntax, transferSyntaxFromArchive } from './viewport/diagnosis.ts';
import * as display from './viewport/display.ts';
import { ViewportSync, type SyncKinds } from './viewport/sync.ts';
import { StackTools } from './viewport/tools.ts';
import {
  EMPTY_VIEWPORT_STATE,
  RENDERING_ENGINE_ID,
  readViewportState,
  sameDisplay,
  type Entry,
  type TextRequester,
  type ViewerDisplaySettings,
  type ViewportListener,
  type ViewportState,
} from './viewport/viewport-state.ts';

export { isDisplayable } from './viewport/diagnosis.ts';
export type { SeriesLoadStatus } from './loading/cornerstone-cache.ts';
export {
  EMPTY_VIEWPORT_STATE,
  REFERENCE_LINE_COLOR,
  RENDERING_ENGINE_ID,
  type TextRequester,
  type ViewerDisplaySettings,
  type ViewportListener,
  type ViewportState,
} from './viewport/viewport-state.ts';

/** The longest Cornerstone's start waits for a first look being drawn on the viewer's layout. */
const FIRST_LOOK_ON_LAYOUT_MS = 300;

export class ViewportService {
  private engine: RenderingEngine | undefined;
  private readonly entries = new Map<string, Entry>();
  /** enable/disable run in call order even though enable waits for the one-time init. */
  private queue: Promise<void> = Promise.resolve();
  private readonly tools = new StackTools();
  private readonly annotations = new AnnotationLayer(() => this.renderAll());
  private readonly cine = new Cine();
  private readonly sync = new ViewportSync();
  private readonly stacks: StackDownloads;
  private readonly colormaps = new Map<string, string | null>();
  private listenersInstalled = false;
  private readonly stateListeners = new Set<() => void>();

  /** `loader` is the page's series loader, which the light viewer route started before this service. */
  constructor(private readonly loader: SeriesLoader = pageLoader) {
    this.stacks = new StackDownloads(loader);
  }

  /** Any viewport's display state changed (for components outside the viewport, e.g. the toolbar). */
  subscribe = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Makes `element` a stack viewport once Cornerstone is ready; `listener` gets every display change. */
  enable(viewportId: string, element: HTMLDivElement, listener: ViewportListener): Promise<void> {
    const run = this.queue.then(async () => {
      // A first visit's first look, its file in, is drawn once this viewport is laid out: before
      // Cornerstone's start takes the main thread (first-look.ts).
      await this.loader.firstLookOnLayout(FIRST_LOOK_ON_LAYOUT_MS);
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
  configure(settings: ViewerDisplaySettings): void {
    this.tools.configure(settings);
    for (const viewportId of this.entries.keys()) this.applyInterpolation(viewportId);
  }

  /**
   * Reference lines (spec 2 §2 layouts): every other viewport showing a series of the same frame
   * of reference draws where `viewportId`'s current slice cuts it. Follows the active viewport.
   */
  setReferenceSource(viewportId: string): void {
    this.tools.setReferenceSource(viewportId);
  }

  setTextRequester(requester: TextRequester): void {
    this.tools.setTextRequester(requester);
  }

  /** The tool on the left button, as a toolbar feature key (window_level, length, …). */
  getPrimaryFeature(): string | null {
    return this.tools.getPrimaryFeature();
  }

  /** Puts the tool of a toolbar feature on the left button. */
  setPrimaryTool(toolName: string): void {
    this.tools.setPrimaryTool(toolName);
  }

  // Stacks -------------------------------------------------------------------------------------

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
      await adoptEarlyImage(this.loader, imageIds[start] ?? '');
      if (entry.generation !== generation) return;
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
      // The place is remembered now, not after the paint: a reader who leaves as soon as the
      // image shows (the bench's warm-up visit did) still gets the first look next time.
      if (shownId.startsWith('wadouri:')) this.loader.rememberFirstLookPlace(wadouri.parseImageId(shownId).url, viewport.element);
      void afterNextPaint().then(() => this.loader.firstImageSettled());
      if (entry.state.status === 'loading') this.update(entry, { ...entry.state, status: 'ready' });
      this.refresh(viewportId);
      this.updateSync();
    } catch (error) {
      this.loader.firstImageSettled();
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

  /**
   * Downloads and decodes every image of a series into the cache, a few at a time, so scrolling
   * and MPR need no network. `onProgress` gets the number of images done.
   */
  prefetch(imageIds: readonly string[], onProgress?: (done: number, failed: number) => void): Promise<SeriesLoadStatus> {
    return this.stacks.prefetch(imageIds, onProgress);
  }

  getState(viewportId: string): ViewportState {
    return this.entries.get(viewportId)?.state ?? EMPTY_VIEWPORT_STATE;
  }

  getImageIds(viewportId: string): readonly string[] {
    return this.entries.get(viewportId)?.imageIds ?? [];
  }

  // Display ------------------------------------------------------------------------------------

  setWindow(viewportId: string, window: WindowLevel): void {
    const viewport = this.readyViewport(viewportId);
    if (viewport) display.setWindow(viewport, window);
  }

  toggleInvert(viewportId: string): void {
    this.changeDisplay(viewportId, display.toggleInvert);
  }

  flip(viewportId: string, direction: 'horizontal' | 'vertical'): void {
    this.changeDisplay(viewportId, (viewport) => display.flip(viewport, direction));
  }

  /** Turns the image to `degrees` (0..360, clockwise). */
  setRotation(viewportId: string, degrees: number): void {
    this.changeDisplay(viewportId, (viewport) => display.setRotation(viewport, degrees));
  }

  rotateBy(viewportId: string, degrees: number): void {
    this.setRotation(viewportId, this.getState(viewportId).rotation + degrees);
  }

  /** Zoom in percent of the fitted image. */
  setZoomPercent(viewportId: string, percent: number): void {
    this.changeDisplay(viewportId, (viewport) => display.setZoomPercent(viewport, percent));
  }

  /** A registered colour map by name, or null for plain grey. */
  setColormap(viewportId: string, name: string | null): void {
    this.colormaps.set(viewportId, name);
    const viewport = this.readyViewport(viewportId);
    if (viewport) display.setColormap(viewport, name);
  }

  /** Back to the image's own window, no zoom, no pan, no rotation or flip, grey. */
  reset(viewportId: string): void {
    const viewport = this.readyViewport(viewportId);
    if (!viewport) return;
    this.colormaps.delete(viewportId);
    display.resetDisplay(viewport, this.tools.interpolation());
    this.refresh(viewportId);
  }

  /**
   * The viewport as the user sees it, as PNG or JPEG: the rendered image with the visible
   * annotations (Cornerstone's SVG layer) burnt in, for captures and exports.
   */
  async captureImage(viewportId: string, type: 'image/png' | 'image/jpeg' = 'image/png'): Promise<Blob | null> {
    const viewport = this.readyViewport(viewportId);
    return viewport ? captureViewport(viewport, type) : null;
  }

  // Cine ---------------------------------------------------------------------------------------

  startCine(viewportId: string, fps: number, range: CineRange | null, loop: boolean, onStop?: () => void): void {
    this.stopCine(viewportId);
    const entry = this.entries.get(viewportId);
    if (!entry) return;
    const target = {
      count: entry.imageIds.length,
      current: () => this.viewport(viewportId)?.getCurrentImageIdIndex(),
      show: (index: number) => this.showImage(viewportId, index),
    };
    this.cine.start(viewportId, target, fps, range, loop, onStop);
  }

  stopCine(viewportId: string): void {
    this.cine.stop(viewportId);
  }

  isPlaying(viewportId: string): boolean {
    return this.cine.isPlaying(viewportId);
  }

  // Synchronisation ----------------------------------------------------------------------------

  /** Links scroll, window level and zoom/pan of the stack viewports, as the sync settings say. */
  setSync(enabled: boolean, kinds: SyncKinds): void {
    this.sync.set(enabled, kinds);
    this.updateSync();
  }

  private updateSync(): void {
    const ready = [...this.entries.entries()].filter(([, entry]) => entry.state.status === 'ready').map(([id]) => id);
    this.sync.update(ready, !!this.engine);
  }

  // Annotations --------------------------------------------------------------------------------

  /** Called after any annotation was drawn, changed or removed (to save them). */
  onAnnotationsChanged(listener: () => void): () => void {
    return this.annotations.onChanged(listener);
  }

  /** Replaces the annotations on screen with the study's saved ones; `me` is the signed account. */
  loadAnnotations(items: readonly Annotation[], studyUid: string, me: string): void {
    this.annotations.load(items, studyUid, me);
  }

  /** The signed user's own annotations on this study, as server rows. */
  ownAnnotationItems(): AnnotationItem[] {
    return this.annotations.ownItems();
  }

  /** How many annotations are on screen (all owners), for tests and the toolbar state. */
  annotationCount(): number {
    return this.annotations.count();
  }

  setAnnotationStatus(status: AnnotationStatus): void {
    this.annotations.setStatus(status);
  }

  clearAnnotations(): void {
    this.annotations.clear();
  }

  private renderAll(): void {
    this.engine?.render();
  }

  // Lifecycle ----------------------------------------------------------------------------------

  private installGlobalListeners(): void {
    if (this.listenersInstalled) return;
    this.listenersInstalled = true;
    eventTarget.addEventListener(Enums.Events.IMAGE_LOAD_ERROR, this.onLoadError);
    this.annotations.installListeners();
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
    this.tools.addViewport(viewportId);
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
    const fitLens = () => this.tools.beforePress(element);
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
    this.sync.remove(viewportId);
    this.tools.removeViewport(viewportId);
    this.engine?.disableElement(viewportId);
  }

  private viewport(viewportId: string): StackViewport | undefined {
    if (!this.entries.has(viewportId)) return undefined;
    return this.engine?.getViewport(viewportId) as StackViewport | undefined;
  }

  private readyViewport(viewportId: string): StackViewport | undefined {
    return this.entries.get(viewportId)?.state.status === 'ready' ? this.viewport(viewportId) : undefined;
  }

  private applyInterpolation(viewportId: string): void {
    const viewport = this.viewport(viewportId);
    if (!viewport || this.entries.get(viewportId)?.state.status === 'empty') return;
    display.applyInterpolation(viewport, this.tools.interpolation());
  }

  /** A display operation on a ready viewport, then its new state for the overlay. */
  private changeDisplay(viewportId: string, change: (viewport: StackViewport) => void): void {
    const viewport = this.readyViewport(viewportId);
    if (!viewport) return;
    change(viewport);
    this.refresh(viewportId);
  }

  // Failures -----------------------------------------------------------------------------------

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
    const syntax = knownTransferSyntax(imageId, error) ?? (await transferSyntaxFromArchive(imageId));
    // Read through a function: TypeScript would keep the narrowing from before the await.
    const stillFailed = (current: Entry) => current.generation === generation && current.state.status === 'failed';
    if (syntax && stillFailed(entry)) {
      this.update(entry, { ...entry.state, failedTransferSyntax: syntax });
    }
  }

  // State --------------------------------------------------------------------------------------

  private refresh(viewportId: string): void {
    const entry = this.entries.get(viewportId);
    const viewport = this.viewport(viewportId);
    if (!entry || !viewport || entry.state.status !== 'ready') return;
    const next = readViewportState(viewport, entry.imageIds, entry.state);
    if (!sameDisplay(entry.state, next)) this.update(entry, next);
  }

  private update(entry: Entry, state: ViewportState): void {
    entry.state = state;
    entry.listener(state);
    for (const listener of this.stateListeners) listener();
  }
}

/** The viewer's single service instance, continuing the page's series loader. */
export const viewportService = new ViewportService();
