/**
 * The first image of a study, downloaded while the viewer's Cornerstone chunk is still loading
 * and compiling, and the moment that image is on screen. This module must stay free of
 * Cornerstone imports: the light viewer route (viewer-screen.tsx) starts the download through
 * the series loader (series-loader.ts), and the viewport service hands the bytes to the DICOM
 * image loader when the stack is set, so the image is not requested a second time.
 */
import { fetchWholeFile } from './dicomweb-file.ts';

/** Downloads one whole Part 10 file (a WADO-URI URL). */
export type WholeFileDownload = (url: string) => Promise<ArrayBuffer>;

// Built from metadata and frames where the server refuses this session whole files.
const downloadFirst: WholeFileDownload = (url) => fetchWholeFile(url, { priority: 'high' });

export class FirstImage {
  private readonly early = new Map<string, Promise<ArrayBuffer>>();
  /** Downloads handed over: asked for again (the route's prefetch after main.tsx's), they are not repeated. */
  private readonly taken = new Set<string>();
  private settle: () => void = () => undefined;
  private readonly settled = new Promise<void>((resolve) => (this.settle = resolve));

  constructor(private readonly download: WholeFileDownload = downloadFirst) {}

  /** Starts downloading one whole Part 10 file (a WADO-URI URL), once. */
  fetchEarly(url: string): void {
    if (this.early.has(url) || this.taken.has(url)) return;
    const request = this.download(url);
    // A failed early download is forgotten: the image loader then asks on its own.
    request.catch(() => this.early.delete(url));
    this.early.set(url, request);
  }

  /** The download started for `url`, without taking it (the first look reads the same bytes). */
  peekEarly(url: string): Promise<ArrayBuffer> | undefined {
    return this.early.get(url);
  }

  /** The download started for `url`, handed over once (later loads go through the loader's cache). */
  takeEarly(url: string): Promise<ArrayBuffer> | undefined {
    const request = this.early.get(url);
    this.early.delete(url);
    if (request) this.taken.add(url);
    return request;
  }

  /** The viewer's first image is on screen, or could not be shown. */
  firstImageSettled(): void {
    this.settle();
  }

  /** Resolves once the viewer's first image is on screen, or could not be shown. */
  firstImageShown(): Promise<void> {
    return this.settled;
  }

  /**
   * Resolves once the first image settled, at most `limitMs` later: less urgent requests (series
   * thumbnails rendered by the archive) wait for it so they do not compete with the first image
   * for the server and the network.
   */
  afterFirstImage(limitMs: number): Promise<void> {
    return Promise.race([this.settled, new Promise<void>((resolve) => setTimeout(resolve, limitMs))]);
  }
}
