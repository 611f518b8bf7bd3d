/**
 * What leaves the adapter compressed, and how.
 *
 * - The built client: the build writes brotli and gzip copies beside each file
 *   (client/build/precompress.ts); `serveClient` sends the copy the browser accepts, with the
 *   original's type, `Content-Encoding` and `Vary: Accept-Encoding`, and no CPU per request.
 *   Hashed files under assets/ are cached for a year as immutable; index.html is revalidated.
 * - API answers: JSON (the API's and DICOMweb's `application/dicom+json`), CSV and plain text
 *   above 1 KB are compressed on the fly (`compressAnswers`: brotli at quality 4, else gzip).
 *   Nothing else is: DICOM files, frames (`multipart/related`, `application/octet-stream`,
 *   JPEG) are already compressed or not worth the CPU per frame, and zip exports are zips.
 * - Uncompressed DICOM pixel data, on request: a viewer on a slow link asks with `Save-Data: on`
 *   (the viewer's loader after measuring its first file, or a browser in data-saver mode), and
 *   the whole-series answer of a series stored uncompressed is then sent brotli-compressed at
 *   quality 2 (`pixelDataCoding`, `pixelDataEncoder`). Lossless: the browser receives the stored
 *   bytes. Never unasked: on a LAN the CPU costs more time than the bytes it saves
 *   (docs/decisions.md "Serving: uncompressed pixel data over a WAN").
 */
import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import compression from 'compression';
import express, { type Request, type RequestHandler } from 'express';

/** The kinds of built file the build compresses (client/build/precompress.ts keeps the same list). */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|wasm|json|txt)$/;

/** Answers worth compressing: text. Everything else (DICOM, images, zips, octet streams) is not. */
const COMPRESSIBLE_ANSWER = /^(?:application\/(?:json|dicom\+json)|text\/(?:csv|plain))\s*(?:;|$)/i;

export type Coding = 'br' | 'gzip';

/**
 * The compressed codings an Accept-Encoding header allows, best first: by the client's q-values,
 * brotli before gzip when they tie (it is the smaller). `*` stands for codings not named.
 */
export function acceptedCodings(header: string | undefined): Coding[] {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    // A q-value that is not a number counts as 0: the coding is not taken.
    const weight = params.map((param) => /^\s*q\s*=(.*)$/.exec(param)?.[1]).find((value) => value !== undefined);
    const value = weight === undefined ? 1 : Number(weight.trim() || 'x');
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weightOf = (coding: Coding) => q.get(coding) ?? q.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((coding) => weightOf(coding) > 0).sort((a, b) => weightOf(b) - weightOf(a));
}

const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/** The client's files, each from its precompressed copy when the browser takes one. */
export function serveClient(clientDir: string): RequestHandler[] {
  const root = resolve(clientDir);
  const cacheControl = (path: string) => (path.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');

  const precompressed: RequestHandler = async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    // `/viewer` without its slash is left to express.static, which redirects it to `/viewer/`.
    if (path.endsWith('/')) {
      if (!req.originalUrl.split('?')[0]?.endsWith('/')) return next();
      path += 'index.html';
    }
    const file = resolve(root, `.${path}`);
    if (!COMPRESSIBLE_FILE.test(file) || !file.startsWith(root + sep) || file.includes('\0')) return next();
    // Every answer for this file depends on Accept-Encoding, the uncompressed one too.
    res.vary('Accept-Encoding');
    const original = await stat(file).catch(() => null);
    if (!original?.isFile()) return next();
    for (const coding of acceptedCodings(req.get('accept-encoding'))) {
      const copy = await stat(file + SUFFIX[coding]).catch(() => null);
      // A copy older than its file is left over from another build: never send it.
      if (!copy?.isFile() || copy.mtimeMs < original.mtimeMs) continue;
      res.type(extname(file));
      res.sendFile(
        file + SUFFIX[coding],
        { cacheControl: false, headers: { 'content-encoding': coding, 'cache-control': cacheControl(file) } },
        // The copy vanished (a rebuild) or the range is wrong: the plain file's handler decides.
        (error?: Error) => {
          if (error && !res.headersSent) next();
        },
      );
      return;
    }
    next();
  };

  const files = express.static(root, {
    index: 'index.html',
    setHeaders: (res, path) => {
      // Hashed asset names never change content; index.html must be revalidated.
      res.set('cache-control', cacheControl(path));
    },
  });
  return [precompressed, files];
}

/**
 * Compresses API answers of the text types above 1 KB, streamed ones as they stream (the
 * DICOMweb proxy's metadata). An answer marked `Cache-Control: no-transform` is left alone.
 */
export function compressAnswers(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (_req, res) => COMPRESSIBLE_ANSWER.test(String(res.getHeader('content-type') ?? '')),
  });
}

/**
 * The coding for an answer of uncompressed DICOM pixel data: brotli (else gzip) when the request
 * says `Save-Data: on` and accepts it; null otherwise, and then the answer goes as stored.
 */
export function pixelDataCoding(req: Request): Coding | null {
  if (req.get('save-data')?.trim().toLowerCase() !== 'on') return null;
  return acceptedCodings(req.get('accept-encoding'))[0] ?? null;
}

/**
 * The encoder for `pixelDataCoding`'s coding. Brotli at quality 2: on a 512×512 CT slice with
 * noise it makes 1.94× smaller at ~57 MB/s of one core here, where quality 4 gains nothing
 * (1.93×, 48 MB/s), quality 5 little (1.98×, 17 MB/s) and gzip at level 1 less (1.84×, 21 MB/s).
 * zlib runs on libuv's threads, not the event loop. The caller pipes it into the answer with an
 * error handler (pipeline).
 */
export function pixelDataEncoder(coding: Coding): BrotliCompress | Gzip {
  const chunkSize = 64 * 1024;
  return coding === 'br'
    ? createBrotliCompress({ chunkSize, params: { [constants.BROTLI_PARAM_QUALITY]: 2 } })
    : createGzip({ chunkSize, level: 1 });
}
