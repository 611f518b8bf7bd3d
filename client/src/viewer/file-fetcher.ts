/**
 * Whole DICOM files downloaded by a worker (fetch-worker.ts), for the series prefetch: the main
 * thread only receives each finished file. Where workers cannot start, the main thread fetches.
 *
 * The first series' files are asked for as soon as its instance list is known
 * (`prefetchFiles`, from the light viewer route), while the viewer's chunk still loads: by the
 * time the first image shows, most of the series is already in memory and only needs decoding.
 * Until the first image shows, two downloads run at once, so they take little from the viewer's
 * start; then four, leaving two of the browser's six connections per host to the viewer's own
 * requests.
 */
import { afterFirstImage } from './early-image.ts';
import type { FetchAnswer, FetchRequest } from './fetch-protocol.ts';

/** One file of a series download, named by its SOP Instance UID. */
export interface SeriesFile {
  sop: string;
  url: string;
}

interface Waiting {
  url: string;
  resolve: (buffer: ArrayBuffer) => void;
  reject: (error: Error) => void;
}

const MAX_IN_FLIGHT = 4;
const MAX_IN_FLIGHT_BEFORE_FIRST_IMAGE = 2;
/** How long the first image may keep the downloads slow. */
const FIRST_IMAGE_WAIT_MS = 3000;

let worker: Worker | null | undefined;
let nextId = 0;
let inFlight = 0;
let limit = MAX_IN_FLIGHT_BEFORE_FIRST_IMAGE;
const waiting: (() => void)[] = [];
const pending = new Map<number, { resolve: (buffer: ArrayBuffer) => void; reject: (error: Error) => void }>();
/** Series downloads under way: the files each still waits for, by SOP Instance UID. */
const streams = new Map<number, Map<string, Waiting>>();
const prefetched = new Map<string, Promise<ArrayBuffer>>();

function fetcher(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./fetch-worker.ts', import.meta.url), { type: 'module', name: 'dicom-fetch' });
    worker.addEventListener('message', (event: MessageEvent<FetchAnswer>) => {
      const { id, buffer, sop, error } = event.data;
      const stream = streams.get(id);
      if (stream) {
        if (buffer && sop) {
          const waiting = stream.get(sop);
          stream.delete(sop);
          waiting?.resolve(buffer);
          return;
        }
        // Ended or failed: what the answer did not hold is downloaded file by file.
        streams.delete(id);
        for (const waiting of stream.values()) limited(waiting.url).then(waiting.resolve, waiting.reject);
        return;
      }
      const request = pending.get(id);
      pending.delete(id);
      if (buffer) request?.resolve(buffer);
      else request?.reject(new Error(error ?? 'download failed'));
    });
  } catch {
    worker = null;
  }
  return worker;
}

function download(url: string): Promise<ArrayBuffer> {
  const target = fetcher();
  if (!target) {
    return fetch(url, { credentials: 'same-origin' }).then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.arrayBuffer();
    });
  }
  const id = nextId++;
  return new Promise<ArrayBuffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    target.postMessage({ id, kind: 'file', url } satisfies FetchRequest);
  });
}

void afterFirstImage(FIRST_IMAGE_WAIT_MS).then(() => {
  limit = MAX_IN_FLIGHT;
  for (let free = MAX_IN_FLIGHT - MAX_IN_FLIGHT_BEFORE_FIRST_IMAGE; free > 0; free--) waiting.shift()?.();
});

async function limited(url: string): Promise<ArrayBuffer> {
  if (inFlight >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
  inFlight++;
  try {
    return await download(url);
  } finally {
    inFlight--;
    waiting.shift()?.();
  }
}

/** The whole file at `url` (same origin, with the session cookie); a prefetched one is handed over. */
export function fetchFile(url: string): Promise<ArrayBuffer> {
  const early = prefetched.get(url);
  if (early) {
    prefetched.delete(url);
    return early;
  }
  return limited(url);
}

/** Starts downloading files that will be needed soon, in this order. */
export function prefetchFiles(urls: readonly string[]): void {
  for (const url of urls) {
    if (prefetched.has(url)) continue;
    const request = limited(url);
    // A failed download is forgotten: the image loader then asks again.
    request.catch(() => prefetched.delete(url));
    prefetched.set(url, request);
  }
}

/**
 * Downloads the files of a series in one request (`seriesUrl`, a WADO-RS series retrieve; the
 * worker splits the answer) once the viewer's first image is on screen: files already asked for
 * are left out, and any the answer does not bring are then downloaded one by one.
 */
export function prefetchSeries(seriesUrl: string, files: readonly SeriesFile[]): void {
  const wanted = files.filter((file) => !prefetched.has(file.url));
  if (wanted.length === 0) return;
  const target = fetcher();
  if (!target) {
    prefetchFiles(wanted.map((file) => file.url));
    return;
  }
  const id = nextId++;
  const waiting = new Map<string, Waiting>();
  for (const file of wanted) {
    const request = new Promise<ArrayBuffer>((resolve, reject) => waiting.set(file.sop, { url: file.url, resolve, reject }));
    // A failed download is forgotten: the image loader then asks again.
    request.catch(() => prefetched.delete(file.url));
    prefetched.set(file.url, request);
  }
  streams.set(id, waiting);
  // Receiving 150 MB takes CPU the viewer's start needs (measured on two cores: Cornerstone's
  // first image 1.1-1.5 s with the download running alongside, 0.86-1.07 s after it, and the
  // whole series no later): it waits for the first image, at most FIRST_IMAGE_WAIT_MS.
  void afterFirstImage(FIRST_IMAGE_WAIT_MS).then(() => target.postMessage({ id, kind: 'series', url: seriesUrl } satisfies FetchRequest));
}
