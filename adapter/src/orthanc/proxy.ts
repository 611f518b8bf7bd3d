/**
 * Streams an Orthanc answer to the browser (ARCHITECTURE "The DICOMweb proxy"): no whole-answer
 * buffering, keep-alive sockets to Orthanc, the browser's abort passed upstream. JSON answers of
 * the DICOMweb plugin carry absolute URLs built from the `Forwarded` header; they are rewritten
 * on the fly from Orthanc's `/dicom-web/` root to the proxy's.
 */
import http from 'node:http';
import { Transform, pipeline, type TransformCallback } from 'node:stream';
import type { Request, Response } from 'express';
import { AppError, OrthancUnavailableError } from '../http/errors.ts';
import { log } from '../log.ts';
import { orthancAgent as agent } from './agent.ts';

/** Headers passed from the browser to Orthanc, and back. */
const REQUEST_HEADERS = ['accept', 'range', 'if-none-match', 'if-modified-since'];
const RESPONSE_HEADERS = ['content-type', 'content-length', 'content-range', 'accept-ranges', 'etag', 'last-modified'];

/** Replaces every occurrence of `from` with `to` in a byte stream, across chunk boundaries. */
export class ReplaceStream extends Transform {
  private tail = Buffer.alloc(0);
  private readonly from: Buffer;
  private readonly to: Buffer;

  constructor(from: string, to: string) {
    super();
    this.from = Buffer.from(from);
    this.to = Buffer.from(to);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const data = Buffer.concat([this.tail, chunk]);
    const parts: Buffer[] = [];
    let start = 0;
    for (let at = data.indexOf(this.from, start); at !== -1; at = data.indexOf(this.from, start)) {
      parts.push(data.subarray(start, at), this.to);
      start = at + this.from.length;
    }
    // Keep what could be the beginning of a match split across chunks.
    const keep = Math.max(start, data.length - (this.from.length - 1));
    parts.push(data.subarray(start, keep));
    this.tail = Buffer.from(data.subarray(keep));
    callback(null, Buffer.concat(parts));
  }

  override _flush(callback: TransformCallback): void {
    callback(null, this.tail);
  }
}

export interface ProxyTarget {
  baseUrl: string;
  authorization: string;
}

/** Bytes sent around Orthanc's answer, which then must have a length (one multipart part). */
export interface ProxyWrap {
  contentType: string;
  head: Buffer;
  tail: Buffer;
}

/**
 * Forwards a GET to Orthanc at `path` (with the query string) and streams the answer. Resolves
 * when the answer has been sent; rejects with OrthancUnavailableError when Orthanc does not answer
 * before any byte was sent. With `wrap`, Orthanc's answer becomes the body of the given envelope.
 */
export function streamFromOrthanc(req: Request, res: Response, target: ProxyTarget, path: string, wrap?: ProxyWrap): Promise<void> {
  const url = new URL(path, target.baseUrl);
  const host = req.get('x-forwarded-host') ?? req.get('host') ?? 'localhost';
  const headers: Record<string, string> = {
    authorization: target.authorization,
    // The DICOMweb plugin builds absolute URLs in its answers from this header.
    forwarded: `host=${host};proto=${req.protocol}`,
  };
  for (const name of REQUEST_HEADERS) {
    const value = req.get(name);
    if (value) headers[name] = value;
  }
  // Orthanc's /rendered answers 400 to a browser's image Accept list (image/avif,image/webp,…);
  // ask for what it renders, JPEG, unless PNG or JPEG was asked for by name.
  if (/\/rendered$/.test(url.pathname) && !/image\/(jpeg|png)/.test(headers.accept ?? '')) headers.accept = 'image/jpeg';

  return new Promise<void>((resolve, reject) => {
    const upstream = http.request(url, { method: 'GET', agent, headers });
    const abort = () => upstream.destroy();
    req.on('close', abort);
    upstream.on('error', (error) => {
      req.off('close', abort);
      if (res.headersSent) {
        log.warn(`Proxy ${path}: Orthanc connection lost mid-answer: ${error.message}`);
        res.destroy();
        resolve();
      } else {
        reject(new OrthancUnavailableError(error));
      }
    });
    upstream.on('response', (answer) => {
      const status = answer.statusCode ?? 502;
      if (status >= 400) {
        // Orthanc's error bodies name its internals; the browser gets the catalogue's answer.
        answer.resume();
        req.off('close', abort);
        if (status >= 500) log.warn(`Proxy ${path}: Orthanc answered ${status}`);
        reject(new AppError(status === 404 ? 'not_found' : status < 500 ? 'bad_request' : 'internal'));
        return;
      }
      const done = (error: Error | null) => {
        req.off('close', abort);
        if (error && !res.destroyed) log.warn(`Proxy ${path}: ${error.message}`);
        resolve();
      };
      if (wrap) {
        const length = Number(answer.headers['content-length']);
        res.status(status).setHeader('content-type', wrap.contentType);
        if (Number.isFinite(length)) res.setHeader('content-length', wrap.head.length + length + wrap.tail.length);
        res.write(wrap.head);
        answer.pipe(res, { end: false });
        answer.once('end', () => res.end(wrap.tail));
        // Ended, failed or cut off by the browser's abort: the request is over either way.
        answer.once('close', () => {
          if (!answer.readableEnded) res.destroy();
          done(null);
        });
        return;
      }
      const type = String(answer.headers['content-type'] ?? '');
      const rewrite = type.includes('json');
      res.status(status);
      for (const name of RESPONSE_HEADERS) {
        const value = answer.headers[name];
        // A rewritten body changes length: let it go chunked.
        if (value !== undefined && !(rewrite && name === 'content-length')) res.setHeader(name, value);
      }
      if (rewrite) pipeline(answer, new ReplaceStream(`://${host}/dicom-web/`, `://${host}/viewer/api/dicom-web/`), res, done);
      else pipeline(answer, res, done);
    });
    upstream.end();
  });
}
