/**
 * The page's series loader: the one owner of what the viewer's loading steps hand each other.
 * The first image (early-image.ts) is downloaded before Cornerstone runs, drawn as the first look
 * (first-look.ts) from the same bytes, and taken by Cornerstone's cache when the viewport sets its
 * stack (cornerstone-cache.ts); the moment it shows lets the worker downloads (file-fetcher.ts)
 * speed up and the series download start; those files, with pixels the decode worker made on the
 * way, go into Cornerstone's cache as the stack is prefetched.
 *
 * Free of Cornerstone imports: the light viewer route (prefetch-study.ts) starts the loader's
 * work before the viewer's chunk is loaded, and the viewport service continues with the same
 * loader (`seriesLoader`, the page's one instance). Tests make their own with `createSeriesLoader`.
 */
import { FirstImage, type WholeFileDownload } from './early-image.ts';
import { FileFetcher, type SeriesFile } from './file-fetcher.ts';
import { FirstLook } from './first-look.ts';
import type { DecodedFrame } from './plain-grayscale.ts';

export type { SeriesFile } from './file-fetcher.ts';

export interface SeriesLoaderOptions {
  /** How the first image's file is downloaded (default: a whole file, high priority). */
  downloadFirstImage?: WholeFileDownload;
}

export class SeriesLoader {
  private readonly firstImage: FirstImage;
  private readonly firstLook: FirstLook;
  private readonly files: FileFetcher;

  constructor(options: SeriesLoaderOptions = {}) {
    this.firstImage = new FirstImage(options.downloadFirstImage);
    this.firstLook = new FirstLook(this.firstImage);
    this.files = new FileFetcher(this.firstImage);
  }

  // The first image ----------------------------------------------------------------------------

  /** Starts downloading the study's first image (a WADO-URI URL), once. */
  fetchEarly(url: string): void {
    this.firstImage.fetchEarly(url);
  }

  /** The first image's download for `url`, handed over once (to Cornerstone's data set cache). */
  takeEarly(url: string): Promise<ArrayBuffer> | undefined {
    return this.firstImage.takeEarly(url);
  }

  /** The viewer's first image is on screen, or could not be shown. */
  firstImageSettled(): void {
    this.firstImage.firstImageSettled();
  }

  /** Resolves once the viewer's first image is on screen, or could not be shown. */
  firstImageShown(): Promise<void> {
    return this.firstImage.firstImageShown();
  }

  /** Resolves once the first image settled, at most `limitMs` later (for less urgent requests). */
  afterFirstImage(limitMs: number): Promise<void> {
    return this.firstImage.afterFirstImage(limitMs);
  }

  // The first look -----------------------------------------------------------------------------

  /** Draws the first image (its download started by fetchEarly) before Cornerstone runs, where known. */
  startFirstLook(url: string, modality: string): void {
    this.firstLook.start(url, modality);
  }

  /**
   * Resolves once the first look is drawn or will not be from a remembered place (first-look.ts),
   * at most `limitMs` later: the viewer's chunk waits for it, so its evaluation does not hold the
   * first look.
   */
  firstLookSettled(limitMs: number): Promise<void> {
    return Promise.race([this.firstLook.settled(), new Promise<void>((resolve) => setTimeout(resolve, limitMs))]);
  }

  /**
   * Resolves once a first look that waits only for the viewer's layout is on screen or will not
   * be (first-look.ts), at most `limitMs` later; at once when there is none. Cornerstone's start
   * waits for it.
   */
  firstLookOnLayout(limitMs: number): Promise<void> {
    return Promise.race([this.firstLook.drawnOnLayout(), new Promise<void>((resolve) => setTimeout(resolve, limitMs))]);
  }

  /** The viewer drew the image of `url` in `element`: the place for the next first look. */
  rememberFirstLookPlace(url: string, element: HTMLElement): void {
    this.firstLook.rememberPlace(url, element);
  }

  // Worker downloads ---------------------------------------------------------------------------

  /** The whole file at `url`; a prefetched one is handed over. */
  fetchFile(url: string): Promise<ArrayBuffer> {
    return this.files.fetchFile(url);
  }

  /** Starts downloading files that will be needed soon, in this order. */
  prefetchFiles(urls: readonly string[]): void {
    this.files.prefetchFiles(urls);
  }

  /** Downloads a series' files in one request once the first image shows (file-fetcher.ts). */
  prefetchSeries(seriesUrl: string, files: readonly SeriesFile[]): void {
    this.files.prefetchSeries(seriesUrl, files);
  }

  /** Series downloads from now on also decode plain grayscale pixels for this renderer. */
  decodeSeriesPixels(options: { allowFloat: boolean }): void {
    this.files.decodeSeriesPixels(options);
  }

  /** The pixels the decode worker made from `file`, taken once. */
  takeDecodedPixels(file: ArrayBufferLike): DecodedFrame | undefined {
    return this.files.takeDecodedPixels(file);
  }
}

export function createSeriesLoader(options: SeriesLoaderOptions = {}): SeriesLoader {
  return new SeriesLoader(options);
}

/** The page's one loader: the light route starts it, the viewer continues with it. */
export const seriesLoader = createSeriesLoader();
