/**
 * The first image of a study, downloaded while the viewer's Cornerstone chunk is still loading
 * and compiling. This module must stay free of Cornerstone imports: the light viewer route
 * (viewer-screen.tsx) starts the download, and the viewport service hands the bytes to the
 * DICOM image loader when the stack is set, so the image is not requested a second time.
 */
import { fetchWholeFile } from './dicomweb-file.ts';

const early = new Map<string, Promise<ArrayBuffer>>();

/** Starts downloading one whole Part 10 file (a WADO-URI URL), once. */
export function fetchEarly(url: string): void {
  if (early.has(url)) return;
  // Built from metadata and frames where the server refuses this session whole files.
  const request = fetchWholeFile(url, { priority: 'high' });
  // A failed early download is forgotten: the image loader then asks on its own.
  request.catch(() => early.delete(url));
  early.set(url, request);
}

/** The download started for `url`, without taking it (the first look reads the same bytes). */
export function peekEarly(url: string): Promise<ArrayBuffer> | undefined {
  return early.get(url);
}

/** The download started for `url`, handed over once (later loads go through the loader's cache). */
export function takeEarly(url: string): Promise<ArrayBuffer> | undefined {
  const request = early.get(url);
  early.delete(url);
  return request;
}

let settle: () => void = () => undefined;
const settled = new Promise<void>((resolve) => (settle = resolve));

/** The viewer's first image is on screen, or could not be shown. */
export function firstImageSettled(): void {
  settle();
}

/** Resolves once the viewer's first image is on screen, or could not be shown. */
export function firstImageShown(): Promise<void> {
  return settled;
}

/**
 * Resolves once the first image settled, at most `limitMs` later: less urgent requests (series
 * thumbnails rendered by the archive) wait for it so they do not compete with the first image
 * for the server and the network.
 */
export function afterFirstImage(limitMs: number): Promise<void> {
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, limitMs))]);
}
