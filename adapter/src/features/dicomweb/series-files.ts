/**
 * WADO-RS retrieve of a whole series as stored (PS3.18 §10.4: `GET …/studies/{s}/series/{se}`
 * with `Accept: multipart/related; type="application/dicom"; transfer-syntax=*`): every instance's
 * Part 10 file, as Orthanc keeps it, one part each, in the series' display order (instance
 * number, as /instances/fromseries lists them).
 *
 * The viewer downloads a series this way rather than file by file: in the browser each request
 * costs several milliseconds of CPU on top of its bytes (measured on a 300-slice CT: 1.3–1.5 s for
 * 300 separate files, 0.8 s for one multipart answer), and the parts arrive in the order the
 * images are shown. Files are read from Orthanc's storage folder where the adapter sees it, at the
 * locations the study index recorded (stored-files.ts; one query for the whole series, no request
 * to Orthanc per file), else fetched from Orthanc's /instances/{id}/file; an instance that vanished
 * meanwhile is left out. Other Accept values go to Orthanc's DICOMweb plugin.
 *
 * A viewer on a slow link asks with `Save-Data: on` (http/compression.ts): when the series' first
 * file is stored uncompressed the whole answer is then brotli-compressed (Content-Encoding), which
 * the browser undoes before any code of ours sees a byte, so the files are the stored ones. A
 * series stored compressed (JPEG, JPEG 2000, RLE…) goes as it is.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { fileTransferSyntax } from '../../dicom/raw.ts';
import { pixelDataEncoder, type Coding } from '../../http/compression.ts';
import type { OrthancClient } from '../../orthanc/client.ts';
import type { SeriesInstanceFile } from './dicomweb.sql.ts';
import { NATIVE_SYNTAXES, parseAccept } from './frames.ts';
import { readStored, releaseStored, SINGLE_READ_MAX_BYTES, type OrthancStorage, type StoredFile } from './stored-files.ts';

/** Files being read or fetched ahead of the one being written. */
const READ_AHEAD = 4;

/** True when `accept` asks for whole instances in whatever syntax they are stored in. */
export function wantsStoredInstances(accept: string | undefined): boolean {
  const ranges = parseAccept(accept);
  if (ranges.length !== 1) return false;
  const { type, params } = ranges[0]!;
  return type === 'multipart/related' && params.get('type')?.toLowerCase() === 'application/dicom' && params.get('transfer-syntax') === '*';
}

/** One part's body: a pooled buffer, a large stored file to stream, or Orthanc's answer. */
type Body = { kind: 'pooled'; buffer: Buffer; size: number } | { kind: 'file'; file: StoredFile } | { kind: 'bytes'; buffer: Buffer };

async function loadBody(storage: OrthancStorage, orthanc: OrthancClient, instance: SeriesInstanceFile): Promise<Body | null> {
  const orthancId = instance.orthancId;
  const file = await storage.file(orthancId, () => Promise.resolve(instance.location));
  if (file && file.size > SINGLE_READ_MAX_BYTES) return { kind: 'file', file };
  if (file) {
    const buffer = await readStored(file);
    if (buffer) return { kind: 'pooled', buffer, size: file.size };
    storage.forget(orthancId);
  }
  const response = await orthanc.request(`/instances/${orthancId}/file`);
  if (!response.ok) {
    await response.arrayBuffer();
    return null;
  }
  return { kind: 'bytes', buffer: Buffer.from(await response.arrayBuffer()) };
}

function sizeOf(body: Body): number {
  return body.kind === 'pooled' ? body.size : body.kind === 'file' ? body.file.size : body.buffer.length;
}

function release(body: Body | null): void {
  if (body?.kind === 'pooled') releaseStored(body.buffer);
}

/** The first bytes of a file read to find its transfer syntax: the meta header is far shorter. */
const HEAD_BYTES = 16 * 1024;

/** The transfer syntax a part's file declares in its meta header. */
async function syntaxOf(body: Body): Promise<string | undefined> {
  if (body.kind === 'pooled') return fileTransferSyntax(body.buffer.subarray(0, Math.min(body.size, HEAD_BYTES)));
  if (body.kind === 'bytes') return fileTransferSyntax(body.buffer.subarray(0, HEAD_BYTES));
  const handle = await open(body.file.path, 'r').catch(() => null);
  if (!handle) return undefined;
  try {
    const head = Buffer.alloc(Math.min(body.file.size, HEAD_BYTES));
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return fileTransferSyntax(head.subarray(0, bytesRead));
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Waits until `out` takes more data; false when the browser went away. */
function drained(out: Writable): Promise<boolean> {
  if (out.destroyed) return Promise.resolve(false);
  if (!out.writableNeedDrain) return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (ok: boolean) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => settle(!out.destroyed);
    const onClose = () => settle(false);
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

/**
 * Sends the `instances` (in that order) as one multipart/related answer, their files found where
 * the study index recorded them (else Orthanc is asked), encoded with `coding` (pixelDataCoding)
 * when given and the first file is stored uncompressed. The answer has begun once this is called;
 * a failure part-way cuts the connection, which the browser sees as an incomplete body.
 */
export async function sendSeriesFiles(
  res: Response,
  storage: OrthancStorage,
  orthanc: OrthancClient,
  instances: readonly SeriesInstanceFile[],
  coding: Coding | null = null,
): Promise<void> {
  const boundary = randomUUID();
  res.status(200).setHeader('content-type', `multipart/related; type="application/dicom"; boundary=${boundary}`);
  res.vary('Accept-Encoding');
  res.vary('Save-Data');
  const ahead: Promise<Body | null>[] = [];
  let next = 0;
  const fill = () => {
    while (ahead.length < READ_AHEAD && next < instances.length) {
      // A failed read leaves the instance out rather than ending the answer.
      ahead.push(loadBody(storage, orthanc, instances[next++]!).catch(() => null));
    }
  };
  // Where the parts are written: the answer, or the encoder in front of it.
  let out: Writable = res;
  let encoded: Promise<void> = Promise.resolve();
  try {
    fill();
    if (coding && ahead[0]) {
      const first = await ahead[0];
      const syntax = first ? await syntaxOf(first) : undefined;
      if (syntax && NATIVE_SYNTAXES.has(syntax)) {
        const encoder = pixelDataEncoder(coding);
        res.setHeader('content-encoding', coding);
        // pipeline destroys both on an error of either (the browser going away included).
        encoded = pipeline(encoder, res).catch(() => undefined);
        out = encoder;
      }
    }
    while (ahead.length > 0) {
      const body = await ahead.shift()!;
      fill();
      if (!body) continue;
      if (out.destroyed) {
        release(body);
        break;
      }
      out.write(
        `--${boundary}\r\nContent-Type: application/dicom\r\nContent-Length: ${sizeOf(body)}\r\nMIME-Version: 1.0\r\n\r\n`,
        'latin1',
      );
      if (body.kind === 'file') {
        const stream = createReadStream(body.file.path, { start: 0, end: body.file.size - 1, highWaterMark: 1024 * 1024 });
        for await (const chunk of stream) if (!out.write(chunk) && !(await drained(out))) break;
      } else if (body.kind === 'pooled') {
        // The buffer goes back to the pool once the socket (or the encoder) took it; a write cut
        // off may still be queued somewhere, so that buffer is left to the garbage collector.
        out.write(body.buffer.subarray(0, body.size), (error) => error || releaseStored(body.buffer));
      } else {
        out.write(body.buffer);
      }
      out.write('\r\n');
      if (!(await drained(out))) break;
    }
    if (!out.destroyed) out.end(`--${boundary}--\r\n`);
    await encoded;
  } catch {
    out.destroy();
    res.destroy();
  } finally {
    // Reads still running for a browser that went away: their buffers return to the pool.
    for (const pending of ahead) void pending.then(release);
  }
}
