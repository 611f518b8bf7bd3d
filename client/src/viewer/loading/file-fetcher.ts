/**
 * Whole DICOM files downloaded by a worker (fetch-worker.ts), for the series prefetch: the main
 * thread only receives each finished file. Where workers cannot start, the main thread fetches.
 *
 * A series comes in one request (`prefetchSeries`, a WADO-RS series retrieve), asked for once the
 * viewer's first image shows; a decode worker (decode-worker.ts), started with the fetch
 * worker, adds the pixels of plain grayscale files on the way, so the main thread only makes the
 * images. Single files (`prefetchFiles`, `fetchFile`) are limited to two downloads at once until
 * the first image shows, so they take little from the viewer's start; then four, leaving two of
 * the browser's six connections per host to the viewer's own requests.
 *
 * The fetcher is part of the page's series loader (series-loader.ts), which tells it when the first
 * image shows.
 */
import { fileFromDicomweb, isRefusal, noteWholeFileStatus, wholeFilesRefused } from './dicomweb-file.ts';
import type { FirstImage } from './early-image.ts';
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

export class FileFetcher {
  private worker: Worker | null | undefined;
  private decodeWorker: Worker | null | undefined;
  private nextId = 0;
  private inFlight = 0;
  private limit = MAX_IN_FLIGHT_BEFORE_FIRST_IMAGE;
  private readonly waiting: (() => void)[] = [];
  private readonly pending = new Map<number, { resolve: (buffer: ArrayBuffer) => void; reject: (error: Error) => void }>();
  /** Series downloads under way: the files each still waits for, by SOP Instance UID. */
  private readonly streams = new Map<number, Map<string, Waiting>>();
  private readonly prefetched = new Map<string, Promise<ArrayBuffer>>();
  /** Pixels the worker decoded, by the file they came from (gone with the file). */
  private readonly decodedFiles = new WeakMap<ArrayBuffer, DecodedFrame>();
  /** Whether series downloads also decode plain grayscale files, and for which renderer. */
  private seriesDecoding: FetchRequest['decode'];

  constructor(private readonly firstImage: Pick<FirstImage, 'afterFirstImage'>) {
    void firstImage.afterFirstImage(FIRST_IMAGE_WAIT_MS).then(() => {
      this.limit = MAX_IN_FLIGHT;
      for (let free = MAX_IN_FLIGHT - MAX_IN_FLIGHT_BEFORE_FIRST_IMAGE; free > 0; free--) this.waiting.shift()?.();
    });
  }

  private readonly onAnswer = (event: MessageEvent<FetchAnswer>): void => {
    const { id, buffer, sop, decoded, error } = event.data;
    const stream = this.streams.get(id);
    if (stream) {
      if (buffer && sop) {
        if (decoded) this.decodedFiles.set(buffer, decoded);
        const waiting = stream.get(sop);
        stream.delete(sop);
        waiting?.resolve(buffer);
        return;
      }
      // Ended or failed: what the answer did not hold is downloaded file by file.
      if (error && isRefusal(new Error(error))) noteWholeFileStatus(403);
      this.streams.delete(id);
      for (const waiting of stream.values()) this.limited(waiting.url).then(waiting.resolve, waiting.reject);
      return;
    }
    const request = this.pending.get(id);
    this.pending.delete(id);
    if (buffer) request?.resolve(buffer);
    else request?.reject(new Error(error ?? 'download failed'));
  };

  private fetcher(): Worker | null {
    if (this.worker !== undefined) return this.worker;
    try {
      this.worker = new Worker(new URL('./fetch-worker.ts', import.meta.url), { type: 'module', name: 'dicom-fetch' });
      this.worker.addEventListener('message', this.onAnswer);
    } catch {
      this.worker = null;
    }
    // Started with it: a worker takes a few hundred milliseconds to load and start on a busy page,
    // and the first files of a series would wait that long.
    if (this.worker) this.decoder(this.worker);
    return this.worker;
  }

  /**
   * The decode worker, joined to the fetch worker by a message port (started with the fetch worker),
   * or null where it cannot start: series are then not decoded on the way.
   */
  private decoder(target: Worker): Worker | null {
    if (this.decodeWorker !== undefined) return this.decodeWorker;
    try {
      this.decodeWorker = new Worker(new URL('./decode-worker.ts', import.meta.url), { type: 'module', name: 'dicom-decode' });
      this.decodeWorker.addEventListener('message', this.onAnswer);
      const channel = new MessageChannel();
      this.decodeWorker.postMessage({ port: channel.port2 }, [channel.port2]);
      target.postMessage({ kind: 'decoder', port: channel.port1 } satisfies DecoderPort, [channel.port1]);
    } catch {
      this.decodeWorker = null;
    }
    return this.decodeWorker;
  }

  /**
   * One whole file; for a session the server refuses whole files to (a role that hides fields),
   * built from the instance's metadata and frames instead (dicomweb-file.ts).
   */
  private download(url: string): Promise<ArrayBuffer> {
    if (wholeFilesRefused()) return fileFromDicomweb(url);
    return this.downloadWhole(url).catch((error: unknown) => {
      if (!isRefusal(error)) throw error;
      noteWholeFileStatus(403);
      return fileFromDicomweb(url);
    });
  }

  private downloadWhole(url: string): Promise<ArrayBuffer> {
    const target = this.fetcher();
    if (!target) {
      return fetch(url, { credentials: 'same-origin' }).then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.arrayBuffer();
      });
    }
    const id = this.nextId++;
    return new Promise<ArrayBuffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      target.postMessage({ id, kind: 'file', url } satisfies FetchRequest);
    });
  }

  private async limited(url: string): Promise<ArrayBuffer> {
    if (this.inFlight >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
    try {
      return await this.download(url);
    } finally {
      this.inFlight--;
      this.waiting.shift()?.();
    }
  }

  /** The whole file at `url` (same origin, with the session cookie); a prefetched one is handed over. */
  fetchFile(url: string): Promise<ArrayBuffer> {
    const early = this.prefetched.get(url);
    if (early) {
      this.prefetched.delete(url);
      return early;
    }
    return this.limited(url);
  }

  /** Starts downloading files that will be needed soon, in this order. */
  prefetchFiles(urls: readonly string[]): void {
    for (const url of urls) {
      if (this.prefetched.has(url)) continue;
      const request = this.limited(url);
      // A failed download is forgotten: the image loader then asks again.
      request.catch(() => this.prefetched.delete(url));
      this.prefetched.set(url, request);
    }
  }

  /**
   * Downloads the files of a series in one request (`seriesUrl`, a WADO-RS series retrieve; the
   * worker splits the answer) once the viewer's first image is on screen: files already asked for
   * are left out, and any the answer does not bring are then downloaded one by one. `files` are
   * the series' files the viewer needs; when fewer than half of them are still wanted, those few are
   * downloaded one by one instead.
   */
  prefetchSeries(seriesUrl: string, files: readonly SeriesFile[]): void {
    const wanted = files.filter((file) => !this.prefetched.has(file.url));
    if (wanted.length === 0) return;
    if (wholeFilesRefused()) {
      this.prefetchFiles(wanted.map((file) => file.url));
      return;
    }
    const target = this.fetcher();
    // The answer brings the whole series: for a few files of it, it would bring mostly files
    // already here (e.g. the first image, which the viewer loaded itself), so those go one by one.
    if (!target || wanted.length * 2 < files.length) {
      this.prefetchFiles(wanted.map((file) => file.url));
      return;
    }
    const id = this.nextId++;
    const waiting = new Map<string, Waiting>();
    for (const file of wanted) {
      const request = new Promise<ArrayBuffer>((resolve, reject) => waiting.set(file.sop, { url: file.url, resolve, reject }));
      // A failed download is forgotten: the image loader then asks again.
      request.catch(() => this.prefetched.delete(file.url));
      this.prefetched.set(file.url, request);
    }
    this.streams.set(id, waiting);
    // Receiving 150 MB takes CPU the viewer's start needs (measured on two cores: Cornerstone's
    // first image 1.1-1.5 s with the download running alongside, 0.86-1.07 s after it, and the
    // whole series no later): it waits for the first image, at most FIRST_IMAGE_WAIT_MS.
    void this.firstImage.afterFirstImage(FIRST_IMAGE_WAIT_MS).then(() => {
      const decode = this.seriesDecoding && this.decoder(target) ? this.seriesDecoding : undefined;
      target.postMessage({ id, kind: 'series', url: seriesUrl, decode } satisfies FetchRequest);
    });
  }

  /**
   * From now on series downloads also decode the pixels of plain grayscale files, as a renderer
   * that can (or cannot) draw float textures needs them. Set once Cornerstone runs; a series asked
   * for before that is decoded on the main thread.
   */
  decodeSeriesPixels(options: { allowFloat: boolean }): void {
    this.seriesDecoding = options;
  }

  /** The pixels the worker decoded from `file`, taken once. */
  takeDecodedPixels(file: ArrayBufferLike): DecodedFrame | undefined {
    const decoded = this.decodedFiles.get(file as ArrayBuffer);
    this.decodedFiles.delete(file as ArrayBuffer);
    return decoded;
  }
}
