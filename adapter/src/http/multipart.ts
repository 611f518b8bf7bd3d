/**
 * The one reader of multipart/form-data uploads (import, viewport capture, report logos).
 *
 * Contract: whatever a client sends, the returned promise settles, and nothing escapes as an
 * unhandled error event. A malformed or cut body (parser error, a file part that ends early, a
 * connection closed before the body is complete) rejects with `bad_request`; more fields or files
 * than allowed, or an over-long field, with `bad_request`; a body longer than `requestBytes` with
 * `payload_too_large`. A file part longer than `fileBytes` is cut there and marked `truncated`:
 * the caller decides whether that fails the file or the request.
 *
 * File parts are handed to `onFile` one at a time, in order, and the next part is not read off
 * the socket while two are pending (backpressure), so memory stays bounded by a few stream
 * buffers whatever the body's size; what a handler keeps is its own business (`readPartBuffer` for
 * small bounded parts, `spoolPart` to a file for large ones).
 */
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import busboy from 'busboy';
import { AppError } from './errors.ts';
import { invalid } from './input.ts';

export interface MultipartLimits {
  /** Largest file part; a longer one is cut at this size and marked `truncated`. */
  fileBytes: number;
  /** Largest whole body; past it reading stops with 413. */
  requestBytes: number;
  files: number;
  fields: number;
  /** Largest field value (default 64 KiB). */
  fieldBytes?: number;
}

export interface FilePart {
  /** The form field's name. */
  field: string;
  /** The file name the client gave (for folders, the relative path): only ever a label. */
  filename: string;
  mimeType: string;
  /** The part's bytes; it ends at `fileBytes` when the part is longer. */
  stream: Readable;
  /** Once `stream` has ended: the part was longer than `fileBytes`. */
  readonly truncated: boolean;
}

/** Fields have no prototype: a field named `__proto__` or `constructor` is just a field. */
export type Fields = Record<string, string>;

export type FileHandler = (part: FilePart, fields: Readonly<Fields>) => Promise<void>;

const DEFAULT_FIELD_BYTES = 64 * 1024;

export function isMultipart(req: Request): boolean {
  return (req.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
}

/**
 * Reads a multipart body, calling `onFile` for each file part in order; resolves to the fields
 * once the body has been read and every handler has finished. A handler that throws stops the
 * upload with its error (an AppError keeps its status; anything else is a server error, unless the
 * part itself broke, which is the client's `bad_request`).
 */
export function readMultipart(req: Request, limits: MultipartLimits, onFile: FileHandler): Promise<Fields> {
  if (!isMultipart(req) || req.destroyed || req.readableEnded) return Promise.reject(new AppError('bad_request'));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      preservePath: true,
      limits: {
        fileSize: limits.fileBytes,
        files: limits.files,
        fields: limits.fields,
        parts: limits.files + limits.fields,
        fieldSize: limits.fieldBytes ?? DEFAULT_FIELD_BYTES,
        headerPairs: 100,
      },
    });
  } catch {
    // No boundary, or a content type busboy cannot read.
    return Promise.reject(new AppError('bad_request'));
  }

  return new Promise<Fields>((resolve, reject) => {
    const fields = Object.create(null) as Fields;
    let failure: unknown;
    let failed = false;
    let finished = false;
    let settled = false;
    let received = 0;
    /** File parts handed out whose handler has not finished. */
    let pending = 0;
    let parserFull = false;
    let queue: Promise<void> = Promise.resolve();

    const settle = () => {
      if (settled || (!failed && !finished)) return;
      settled = true;
      req.off('data', onData);
      if (failed) {
        // Discard the rest of the body so the client can read the answer.
        req.resume();
        reject(failure);
      } else {
        resolve(fields);
      }
    };

    const fail = (error: unknown) => {
      if (failed || settled) return;
      failed = true;
      failure = error;
      req.resume();
      // Ends the part being read with an error (its handler sees it) and stops parsing.
      if (!parser.destroyed) parser.destroy();
      void queue.then(settle);
    };
    const badRequest = () => fail(new AppError('bad_request'));

    // Read the socket only while the parser has room and at most one part waits behind the one
    // being handled.
    const flow = () => {
      if (failed) return;
      if (parserFull || pending > 1) req.pause();
      else req.resume();
    };

    function onData(chunk: Buffer) {
      if (failed) return;
      received += chunk.length;
      if (received > limits.requestBytes) return fail(new AppError('payload_too_large'));
      if (!parser.write(chunk)) parserFull = true;
      flow();
    }

    parser.on('drain', () => {
      parserFull = false;
      flow();
    });
    parser.on('error', badRequest);
    parser.on('finish', () => {
      finished = true;
      void queue.then(settle);
    });
    parser.on('filesLimit', badRequest);
    parser.on('fieldsLimit', badRequest);
    parser.on('partsLimit', badRequest);
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return badRequest();
      fields[name] = value;
    });
    parser.on('file', (field, stream, info) => {
      // The parser reports the same failure; the handler sees it through its read.
      stream.on('error', () => undefined);
      pending++;
      flow();
      const part: FilePart = {
        field,
        filename: info.filename || 'unnamed',
        mimeType: info.mimeType,
        stream,
        get truncated() {
          return (stream as Readable & { truncated?: boolean }).truncated === true;
        },
      };
      queue = queue.then(async () => {
        try {
          if (!failed) await onFile(part, fields);
        } catch (error) {
          const broken = stream.errored !== null || (stream.destroyed && !stream.readableEnded);
          fail(error instanceof AppError ? error : broken ? new AppError('bad_request') : error);
        } finally {
          // A handler that stopped early, or a part skipped after a failure: discard the rest.
          if (!stream.destroyed) stream.resume();
          pending--;
          flow();
        }
      });
    });

    req.on('data', onData);
    req.on('end', () => {
      if (!failed) parser.end();
    });
    req.on('error', badRequest);
    req.on('close', () => {
      if (!req.complete) badRequest();
    });
  });
}

/** The whole part in memory; only for parts whose `fileBytes` cap is small. */
export async function readPartBuffer(part: FilePart): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * An upload of form fields and one file held in memory (a capture, a logo): the file is bounded by
 * `maxBytes` (413 past it) and given to `check` as soon as it is read; no file is a 400 on `field`.
 */
export async function readSmallUpload(
  req: Request,
  field: string,
  maxBytes: number,
  check: (file: Buffer) => void = () => undefined,
): Promise<{ fields: Fields; file: Buffer }> {
  let file: Buffer | undefined;
  const fields = await readMultipart(
    req,
    { fileBytes: maxBytes, requestBytes: maxBytes + 64 * 1024, files: 1, fields: 10 },
    async (part) => {
      const data = await readPartBuffer(part);
      if (part.truncated) throw new AppError('payload_too_large');
      check(data);
      file = data;
    },
  );
  if (!file) throw invalid(field, 'The field is required');
  return { fields, file };
}

/** Writes a part (or any stream) to a new file at `path`; the number of bytes written. */
export async function spoolPart(stream: Readable, path: string): Promise<number> {
  const file = createWriteStream(path, { flags: 'wx' });
  await pipeline(stream, file);
  return file.bytesWritten;
}
