/**
 * The one owner of Cornerstone state for the viewer: a rendering engine, the stack tool group,
 * and the stack viewports the React wrappers enable on mount and disable on unmount. Components
 * never touch Cornerstone directly; they call this service and receive a viewport's display
 * state (image n/N, window, zoom, load failure) for the overlay through the listener they pass
 * to enable().
 */
import { Enums, RenderingEngine, cache, eventTarget, metaData, type StackViewport, type Types } from '@cornerstonejs/core';
import { ToolGroupManager } from '@cornerstonejs/tools';
import { API_BASE } from '@pacs/common';
import { initCornerstone } from './cornerstone-init.ts';
import { voiRangeToWindow, windowToVoiRange, type WindowLevel } from './presets.ts';
import { STACK_TOOLS } from './viewer-config.ts';

const RENDERING_ENGINE_ID = 'pacs-viewer';
const TOOL_GROUP_ID = 'pacs-stack';

export interface ViewportState {
  /** 0-based index of the shown image, -1 before the first image. */
  index: number;
  count: number;
  window: WindowLevel | null;
  /** Zoom relative to the fitted image (1 = fit). */
  zoom: number;
  status: 'empty' | 'loading' | 'ready' | 'failed';
  /** The transfer syntax UID of an image that could not be displayed, when known. */
  failedTransferSyntax: string | null;
}

export type ViewportListener = (state: ViewportState) => void;

export const EMPTY_VIEWPORT_STATE: ViewportState = {
  index: -1,
  count: 0,
  window: null,
  zoom: 1,
  status: 'empty',
  failedTransferSyntax: null,
};

interface Entry {
  imageIds: string[];
  state: ViewportState;
  listener: ViewportListener;
  detach: () => void;
  /** Bumped by every setStack so late answers for an older stack are ignored. */
  generation: number;
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

export class ViewportService {
  private engine: RenderingEngine | undefined;
  private readonly entries = new Map<string, Entry>();
  /** enable/disable run in call order even though enable waits for the one-time init. */
  private queue: Promise<void> = Promise.resolve();

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

  /** Call after an element changed size; keeps the camera (zoom and pan) as it was. */
  resize(): void {
    this.engine?.resize(true, true);
  }

  async setStack(viewportId: string, imageIds: string[], index = 0): Promise<void> {
    const entry = this.entries.get(viewportId);
    const viewport = this.viewport(viewportId);
    if (!entry || !viewport) return;
    const generation = ++entry.generation;
    entry.imageIds = imageIds;
    this.update(entry, { ...EMPTY_VIEWPORT_STATE, count: imageIds.length, status: imageIds.length ? 'loading' : 'empty' });
    if (!imageIds.length) return;
    try {
      await viewport.setStack(imageIds, index);
      if (entry.generation !== generation) return;
      // Cornerstone reports a renderer failure only as an anonymous event; check the image itself.
      const image = cache.getImage(imageIds[index] ?? '');
      if (image && !isDisplayable(image)) {
        await this.fail(entry, imageIds[index] ?? '', null);
        return;
      }
      viewport.resetCamera();
      viewport.render();
      if (entry.state.status === 'loading') this.update(entry, { ...entry.state, status: 'ready' });
      this.refresh(viewportId);
    } catch (error) {
      if (entry.generation === generation) await this.fail(entry, imageIds[index] ?? '', error);
    }
  }

  /** Steps through the stack by `delta` images (negative goes back), stopping at the ends. */
  async scroll(viewportId: string, delta: number): Promise<void> {
    const entry = this.entries.get(viewportId);
    const viewport = this.viewport(viewportId);
    if (!entry || !viewport || !entry.imageIds.length) return;
    const target = Math.min(entry.imageIds.length - 1, Math.max(0, viewport.getCurrentImageIdIndex() + delta));
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

  /** Back to the image's own window, no zoom, no pan. */
  reset(viewportId: string): void {
    const viewport = this.readyViewport(viewportId);
    if (!viewport) return;
    viewport.resetProperties();
    viewport.resetCamera();
    viewport.render();
  }

  getState(viewportId: string): ViewportState {
    return this.entries.get(viewportId)?.state ?? EMPTY_VIEWPORT_STATE;
  }

  private attach(viewportId: string, element: HTMLDivElement, listener: ViewportListener): void {
    if (this.entries.has(viewportId)) this.detach(viewportId);
    if (!this.engine) {
      this.engine = new RenderingEngine(RENDERING_ENGINE_ID);
      eventTarget.addEventListener(Enums.Events.IMAGE_LOAD_ERROR, this.onLoadError);
    }
    this.engine.enableElement({
      viewportId,
      element,
      type: Enums.ViewportType.STACK,
      defaultOptions: { background: [0, 0, 0] as Types.Point3 },
    });
    this.toolGroup().addViewport(viewportId, RENDERING_ENGINE_ID);
    const entry: Entry = { imageIds: [], state: EMPTY_VIEWPORT_STATE, listener, generation: 0, detach: () => undefined };
    const onNewImage = (event: Event) => {
      const detail = (event as CustomEvent<{ image?: Types.IImage; imageId?: string }>).detail;
      if (detail.image && !isDisplayable(detail.image)) {
        void this.fail(entry, detail.imageId ?? '', null);
        return;
      }
      // A later image of the stack loaded fine: a failure shown for an earlier one no longer applies.
      if (entry.state.status === 'failed' || entry.state.status === 'loading')
        this.update(entry, { ...entry.state, status: 'ready', failedTransferSyntax: null });
      this.refresh(viewportId);
    };
    const onChange = () => this.refresh(viewportId);
    // The browser's menu would cover the image when panning with the right button.
    const noMenu = (event: Event) => event.preventDefault();
    const changes = [Enums.Events.VOI_MODIFIED, Enums.Events.CAMERA_MODIFIED, Enums.Events.IMAGE_RENDERED];
    element.addEventListener(Enums.Events.STACK_NEW_IMAGE, onNewImage);
    for (const name of changes) element.addEventListener(name, onChange);
    element.addEventListener('contextmenu', noMenu);
    entry.detach = () => {
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
    entry.detach();
    entry.generation++;
    this.entries.delete(viewportId);
    ToolGroupManager.getToolGroup(TOOL_GROUP_ID)?.removeViewports(RENDERING_ENGINE_ID, viewportId);
    this.engine?.disableElement(viewportId);
  }

  private toolGroup() {
    const existing = ToolGroupManager.getToolGroup(TOOL_GROUP_ID);
    if (existing) return existing;
    const group = ToolGroupManager.createToolGroup(TOOL_GROUP_ID);
    if (!group) throw new Error('Cornerstone refused to create the stack tool group');
    for (const { tool, bindings } of STACK_TOOLS) {
      group.addTool(tool.toolName);
      group.setToolActive(tool.toolName, { bindings });
    }
    return group;
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
    this.update(entry, { ...entry.state, status: 'failed', failedTransferSyntax: null });
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
    const { voiRange } = viewport.getProperties();
    const next: ViewportState = {
      ...entry.state,
      index: viewport.getCurrentImageIdIndex(),
      count: entry.imageIds.length,
      window: voiRange ? voiRangeToWindow(voiRange) : null,
      zoom: viewport.getZoom(),
    };
    const prev = entry.state;
    const same =
      prev.index === next.index &&
      prev.count === next.count &&
      prev.zoom === next.zoom &&
      prev.window?.width === next.window?.width &&
      prev.window?.center === next.window?.center;
    if (!same) this.update(entry, next);
  }

  private update(entry: Entry, state: ViewportState): void {
    entry.state = state;
    entry.listener(state);
  }
}

/** The viewer's single service instance. */
export const viewportService = new ViewportService();
