/**
 * The series loader's hand-off to Cornerstone's caches: the first image's early download goes to
 * the DICOM image loader's data set cache, and the files the fetch worker downloads (with pixels
 * the decode worker made) become images in Cornerstone's image cache, so the loader never asks
 * for a file a second time with its own XMLHttpRequest on the main thread.
 */
import { cache, imageLoader } from '@cornerstonejs/core';
import { internal as loaderInternal, wadouri } from '@cornerstonejs/dicom-image-loader';
import { afterNextPaint } from '../after-next-paint.ts';
import { initCornerstone } from '../cornerstone-init.ts';
import { seriesDownloads } from './image-ids.ts';
import { cacheNativeImage } from './native-images.ts';
import type { SeriesLoader } from './series-loader.ts';

/** Series download progress: loading, loaded or failed (spec 2 §4 thumbnails). */
export type SeriesLoadStatus = 'loading' | 'loaded' | 'failed';

/**
 * Images of a series in flight when it is fetched after its first image. Twice the browser's six
 * connections per host: while one image is parsed and decoded, the next is already downloading.
 */
const PREFETCH_CONCURRENCY = 12;

/**
 * Hands the early download of an image (early-image.ts) to the DICOM image loader's data set
 * cache: the load that follows finds the file there instead of requesting it again. A plain
 * grayscale file's image is then made here, on the main thread (native-images.ts), before the
 * viewport asks for it: Cornerstone's loader would send it to its decode workers, which are not
 * started yet when the first image comes, and starting them (their script and codecs) kept the
 * viewer's first image waiting 200-250 ms on the two-core machine (docs/decisions.md, "The first
 * image's main thread"). Resolves once the image is cached or left to the loader; never rejects.
 */
export async function adoptEarlyImage(loader: SeriesLoader, imageId: string): Promise<void> {
  if (!imageId.startsWith('wadouri:')) return;
  const { url, frame } = wadouri.parseImageId(imageId);
  const request = loader.takeEarly(url);
  if (!request || wadouri.dataSetCacheManager.isLoaded(url)) return;
  const loadRequest = () => request.catch(() => loaderInternal.xhrRequest(url, imageId));
  // A failure shows through the image load that follows, not here. This reference to the data
  // set is kept (the first image stays loaded) unless the image made here takes it over.
  const dataSet = await wadouri.dataSetCacheManager.load(url, loadRequest, imageId).catch(() => null);
  if (!dataSet || frame !== undefined) return;
  await cacheNativeImage(imageId, url, dataSet, (file) => loader.takeDecodedPixels(file))?.catch(() => undefined);
}

/**
 * Loads an image into the cache with its file downloaded by the fetch worker (file-fetcher.ts):
 * the file's data set is started here, so the image loader finds it pending instead of asking
 * with its own XMLHttpRequest on the main thread. A plain grayscale file's image is then made
 * here (native-images.ts), sparing the decode worker's round trip; any other goes through
 * Cornerstone's loader. The reference to the data set taken here passes to the image made here,
 * or is dropped once Cornerstone's loader holds its own.
 */
async function loadWithWorkerFetch(loader: SeriesLoader, imageId: string): Promise<void> {
  if (!imageId.startsWith('wadouri:')) {
    await imageLoader.loadAndCacheImage(imageId);
    return;
  }
  const { url, frame } = wadouri.parseImageId(imageId);
  const dataSet = await wadouri.dataSetCacheManager.load(url, () => loader.fetchFile(url), imageId).catch(() => null);
  const native = dataSet && frame === undefined ? cacheNativeImage(imageId, url, dataSet, (file) => loader.takeDecodedPixels(file)) : null;
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

/** Whole stacks downloaded and decoded into Cornerstone's cache, each once at a time. */
export class StackDownloads {
  /** Stack downloads under way, by their image ids. */
  private readonly running = new Map<string, Promise<SeriesLoadStatus>>();

  constructor(private readonly loader: SeriesLoader) {}

  /**
   * Downloads and decodes every image of a series into the cache, a few at a time, so scrolling
   * and MPR need no network. `onProgress` gets the number of images done.
   */
  prefetch(imageIds: readonly string[], onProgress?: (done: number, failed: number) => void): Promise<SeriesLoadStatus> {
    if (onProgress) return this.load(imageIds, onProgress);
    // The viewer starts a stack's download with its first image; the cell asks again a moment later.
    const key = imageIds.join('\n');
    const running = this.running.get(key);
    if (running) return running;
    const started = this.load(imageIds).finally(() => this.running.delete(key));
    this.running.set(key, started);
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
    for (const download of seriesDownloads(missing)) this.loader.prefetchSeries(download.url, download.files);
    let next = 0;
    let done = 0;
    let failed = 0;
    const worker = async () => {
      while (next < imageIds.length) {
        const imageId = imageIds[next++] ?? '';
        try {
          if (!cache.getImageLoadObject(imageId)) await loadWithWorkerFetch(this.loader, imageId);
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
}
