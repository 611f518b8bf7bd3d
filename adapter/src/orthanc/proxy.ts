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
import { ORTHANC_RETRY_MS, proxyAgent as agent } from './agent.ts';
import type { ReadNodes } from './read-nodes.ts';

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

/** One JSON array item larger than this cuts the answer off (it would be held whole to be parsed). */
export const JSON_ITEM_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The catalogue's code for an Orthanc error answer. Orthanc's DICOMweb plugin answers 500 when it
 * cannot transcode to the transfer syntax a client named (RLE with Debian's Orthanc 1.10): that is
 * the client asking for what the archive cannot produce, a 400, not the server failing.
 */
export function proxyFailure(status: number, accept: string | undefined): 'not_found' | 'bad_request' | 'internal' {
  if (status === 404) return 'not_found';
  if (status < 500) return 'bad_request';
  const syntax = /transfer-syntax\s*=\s*"?([^";,\s]+)/i.exec(accept ?? '')?.[1];
  return syntax !== undefined && syntax !== '*' ? 'bad_request' : 'internal';
}

/**
 * Rewrites a JSON array answer item by item (`edit` gets each parsed item and answers what to
 * send), holding one item at a time: the answer streams like any other and memory stays bounded
 * whatever the answer's length. The input must be one top-level array; anything else, or an item
 * over `maxItemBytes`, fails the stream.
 */
export class JsonArrayItems extends Transform {
  private state: 'before' | 'between' | 'item' | 'after' = 'before';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private item: Buffer[] = [];
  private itemBytes = 0;
  private sent = 0;

  constructor(
    private readonly edit: (item: unknown) => unknown,
    private readonly maxItemBytes = JSON_ITEM_MAX_BYTES,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      const out: string[] = [];
      let start = -1;
      for (let at = 0; at < chunk.length; at++) {
        const byte = chunk[at]!;
        if (this.state === 'item') {
          if (start === -1) start = at;
          if (this.inString) {
            if (this.escaped) this.escaped = false;
            else if (byte === 0x5c) this.escaped = true;
            else if (byte === 0x22) this.inString = false;
            continue;
          }
          if (byte === 0x22) this.inString = true;
          else if (byte === 0x7b || byte === 0x5b) this.depth++;
          else if (byte === 0x7d || byte === 0x5d) this.depth--;
          else if (byte === 0x2c && this.depth === 0) {
            out.push(this.finishItem(chunk.subarray(start, at)));
            start = -1;
            this.state = 'between';
            continue;
          }
          if (this.depth < 0) {
            // The array's closing bracket.
            out.push(this.finishItem(chunk.subarray(start, at)));
            start = -1;
            this.state = 'after';
          }
          continue;
        }
        if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
        if (this.state === 'before' && byte === 0x5b) {
          this.state = 'between';
        } else if (this.state === 'between' && byte === 0x5d && this.sent === 0) {
          this.state = 'after';
        } else if (this.state === 'between') {
          this.state = 'item';
          this.depth = 0;
          at--;
        } else {
          throw new Error('not a JSON array');
        }
      }
      if (this.state === 'item' && start !== -1) this.keep(chunk.subarray(start));
      callback(null, out.length > 0 ? Buffer.from(out.join('')) : undefined);
    } catch (error) {
      callback(error as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    if (this.state !== 'after') callback(new Error('JSON answer ended early'));
    else callback(null, Buffer.from(this.sent === 0 ? '[]' : ']'));
  }

  private keep(part: Buffer): void {
    this.itemBytes += part.length;
    if (this.itemBytes > this.maxItemBytes) throw new Error(`JSON item over ${this.maxItemBytes} bytes`);
    this.item.push(Buffer.from(part));
  }

  private finishItem(last: Buffer): string {
    this.keep(last);
    const text = Buffer.concat(this.item).toString('utf8');
    this.item = [];
    this.itemBytes = 0;
    const edited = JSON.stringify(this.edit(JSON.parse(text)));
    return (this.sent++ === 0 ? '[' : ',') + edited;
  }
}

/** A buffered JSON answer (a QIDO search the adapter filters whole) larger than this is refused. */
export const JSON_ANSWER_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The JSON body of an Orthanc answer, read up to `maxBytes`: a larger one is cancelled and
 * answers 400 (a search that broad must be paged with `limit` and `offset`).
 */
export async function readJsonBounded(response: globalThis.Response, maxBytes = JSON_ANSWER_MAX_BYTES): Promise<unknown> {
  if (!response.body) return null;
  return JSON.parse((await readBounded(response, maxBytes)).toString('utf8')) as unknown;
}

/** The body of an Orthanc answer as bytes, up to `maxBytes` (larger: cancelled, 400). */
export async function readBounded(response: globalThis.Response, maxBytes = JSON_ANSWER_MAX_BYTES): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > maxBytes) {
      await reader.cancel();
      throw new AppError('bad_request');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export interface ProxyTarget {
  baseUrl: string;
  authorization: string;
  /** A cluster's nodes (read-nodes.ts): each try goes to one the adapter picks, not to `baseUrl`. */
  nodes?: ReadNodes;
}

/**
 * A JSON answer edited item by item on the way (JsonArrayItems): asked for as DICOM JSON whatever
 * the browser accepts, and refused (403) when Orthanc answers anything but JSON.
 */
export interface ProxyJsonEdit {
  edit: (item: unknown) => unknown;
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
export async function streamFromOrthanc(
  req: Request,
  res: Response,
  target: ProxyTarget,
  path: string,
  wrap?: ProxyWrap,
  json?: ProxyJsonEdit,
): Promise<void> {
  const first = target.nodes?.pick() ?? target.baseUrl;
  try {
    await streamOnce(req, res, first, target.authorization, path, wrap, json);
  } catch (error) {
    // Nothing was sent yet: one more try, in a cluster on another node (the failed one passed over
    // for a few seconds). Once a byte went to the browser, a broken answer is cut off instead.
    if (!(error instanceof OrthancUnavailableError) || res.headersSent || req.destroyed) throw error;
    target.nodes?.failed(first);
    await new Promise((resolve) => setTimeout(resolve, ORTHANC_RETRY_MS));
    await streamOnce(req, res, target.nodes?.pick(first) ?? target.baseUrl, target.authorization, path, wrap, json);
  }
}

function streamOnce(
  req: Request,
  res: Response,
  baseUrl: string,
  authorization: string,
  path: string,
  wrap?: ProxyWrap,
  json?: ProxyJsonEdit,
): Promise<void> {
  const url = new URL(path, baseUrl);
  const host = req.get('x-forwarded-host') ?? req.get('host') ?? 'localhost';
  const headers: Record<string, string> = {
    authorization,
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
  if (json) headers.accept = 'application/dicom+json';

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
      if (status === 502 || status === 504) {
        // Orthanc never answers these; a cluster's balancer does when no node answered.
        answer.resume();
        req.off('close', abort);
        reject(new OrthancUnavailableError(new Error(`the balancer in front of Orthanc answered ${status} to ${path}`)));
        return;
      }
      if (status >= 400) {
        // Orthanc's error bodies name its internals; the browser gets the catalogue's answer.
        answer.resume();
        req.off('close', abort);
        if (status >= 500) log.warn(`Proxy ${path}: Orthanc answered ${status}`);
        reject(new AppError(proxyFailure(status, headers.accept)));
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
      if (json && status !== 204 && !rewrite) {
        // Not the JSON that could be edited: nothing of it reaches the browser.
        answer.resume();
        req.off('close', abort);
        reject(new AppError('forbidden'));
        return;
      }
      res.status(status);
      for (const name of RESPONSE_HEADERS) {
        const value = answer.headers[name];
        // A rewritten body changes length: let it go chunked.
        if (value !== undefined && !(rewrite && name === 'content-length')) res.setHeader(name, value);
      }
      const urls = () => new ReplaceStream(`://${host}/dicom-web/`, `://${host}/viewer/api/dicom-web/`);
      if (json && rewrite) pipeline(answer, urls(), new JsonArrayItems(json.edit), res, done);
      else if (rewrite) pipeline(answer, urls(), res, done);
      else pipeline(answer, res, done);
    });
    upstream.end();
  });
}
