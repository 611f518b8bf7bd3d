/**
 * Whole DICOM files downloaded by a worker (fetch-worker.ts), for the series prefetch: the main
 * thread only receives each finished file. Where workers cannot start, the main thread fetches.
 *
 * A series comes in one request (`prefetchSeries`, a WADO-RS series retrieve), asked for once the
 * viewer's first image shows; a decode worker (decode-worker.ts), started with the fetch
 * worker, adds the pixels of plain grayscale files on the way, so the main thread only makes the
 * images. Single files (`prefetchFiles`, `fetchFile`) are limited to two downloads at once until
 * the first image shows, so they take little from the viewer's start; then four, leaving two of
 * the browser's six connections per host to the viewer's own requests. */
import { fileFromDicomweb, isRefusal, noteWholeFileStatus, wholeFilesRefused } from './dicomweb-file.ts';
import { afterFirstImage } from './early-image.ts';
import type { DecoderPort, FetchAnswer, FetchRequest } from './fetch-protocol.ts';
import type { DecodedFrame } from './plain-grayscale.ts';

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
let decodeWorker: Worker | null | undefined;
let nextId = 0;
let inFlight = 0;
let limit = MAX_IN_FLIGHT_BEFORE_FIRST_IMAGE;
const waiting: (() => void)[] = [];
const pending = new Map<number, { resolve: (buffer: ArrayBuffer) => void; reject: (error: Error) => void }>();
/** Series downloads under way: the files each still waits for, by SOP Instance UID. */
const streams = new Map<number, Map<string, Waiting>>();
const prefetched = new Map<string, Promise<ArrayBuffer>>();
/** Pixels the worker decoded, by the file they came from (gone with the file). */
const decodedFiles = new WeakMap<ArrayBuffer, DecodedFrame>();
/** Whether series downloads also decode plain grayscale files, and for which renderer. */
let seriesDecoding: FetchRequest['decode'];

function onAnswer(event: MessageEvent<FetchAnswer>): void {
  const { id, buffer, sop, decoded, error } = event.data;
  const stream = streams.get(id);
  if (stream) {
    if (buffer && sop) {
      if (decoded) decodedFiles.set(buffer, decoded);
      const waiting = stream.get(sop);
      stream.delete(sop);
      waiting?.resolve(buffer);
      return;
    }
    // Ended or failed: what the answer did not hold is downloaded file by file.
    if (error && isRefusal(new Error(error))) noteWholeFileStatus(403);
    streams.delete(id);
    for (const waiting of stream.values()) limited(waiting.url).then(waiting.resolve, waiting.reject);
    return;
  }
  const request = pending.get(id);
  pending.delete(id);
  if (buffer) request?.resolve(buffer);
  else request?.reject(new Error(error ?? 'download failed'));
}

function fetcher(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./fetch-worker.ts', import.meta.url), { type: 'module', name: 'dicom-fetch' });
    worker.addEventListener('message', onAnswer);
  } catch {
    worker = null;
  }
  // Started with it: a worker takes a few hundred milliseconds to load and start on a busy page,
  // and the first files of a series would wait that long.
  if (worker) decoder(worker);
  return worker;
}

/**
 * The decode worker, joined to the fetch worker by a message port (started with the fetch worker),
 * or null where it cannot start: series are then not decoded on the way.
 */
function decoder(target: Worker): Worker | null {
  if (decodeWorker !== undefined) return decodeWorker;
  try {
    decodeWorker = new Worker(new URL('./decode-worker.ts', import.meta.url), { type: 'module', name: 'dicom-decode' });
    decodeWorker.addEventListener('message', onAnswer);
    const channel = new MessageChannel();
    decodeWorker.postMessage({ port: channel.port2 }, [channel.port2]);
    target.postMessage({ kind: 'decoder', port: channel.port1 } satisfies DecoderPort, [channel.port1]);
  } catch {
    decodeWorker = null;
  }
  return decodeWorker;
}

/**
 * One whole file; for a session the server refuses whole files to (a role that hides fields),
 * built from the instance's metadata and frames instead (dicomweb-file.ts).
 */
function download(url: string): Promise<ArrayBuffer> {
  if (wholeFilesRefused()) return fileFromDicomweb(url);
  return downloadWhole(url).catch((error: unknown) => {
    if (!isRefusal(error)) throw error;
    noteWholeFileStatus(403);
    return fileFromDicomweb(url);
  });
}

function downloadWhole(url: string): Promise<ArrayBuffer> {
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
 * are left out, and any the answer does not bring are then downloaded one by one. `files` are
 * the series' files the viewer needs; when fewer than half of them are still wanted, those few are
 * downloaded one by one instead.
 */
export function prefetchSeries(seriesUrl: string, files: readonly SeriesFile[]): void {
  const wanted = files.filter((file) => !prefetched.has(file.url));
  if (wanted.length === 0) return;
  if (wholeFilesRefused()) {
    prefetchFiles(wanted.map((file) => file.url));
    return;
  }
  const target = fetcher();
  // The answer brings the whole series: for a few files of it, it would bring mostly files
  // already here (e.g. the first image, which the viewer loaded itself), so those go one by one.
  if (!target || wanted.length * 2 < files.length) {
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
  void afterFirstImage(FIRST_IMAGE_WAIT_MS).then(() => {
    const decode = seriesDecoding && decoder(target) ? seriesDecoding : undefined;
    target.postMessage({ id, kind: 'series', url: seriesUrl, decode } satisfies FetchRequest);
  });
}

/**
 * From now on series downloads also decode the pixels of plain grayscale files, as a renderer
 * that can (or cannot) draw float textures needs them. Set once Cornerstone runs; a series asked
 * for before that is decoded on the main thread.
 */
export function decodeSeriesPixels(options: { allowFloat: boolean }): void {
  seriesDecoding = options;
}

/** The pixels the worker decoded from `file`, taken once. */
export function takeDecodedPixels(file: ArrayBufferLike): DecodedFrame | undefined {
  const decoded = decodedFiles.get(file as ArrayBuffer);
  decodedFiles.delete(file as ArrayBuffer);
  return decoded;
}
