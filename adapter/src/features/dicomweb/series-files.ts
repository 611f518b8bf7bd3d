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
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Response } from 'express';
import type { OrthancClient } from '../../orthanc/client.ts';
import type { SeriesInstanceFile } from './dicomweb.sql.ts';
import { parseAccept } from './frames.ts';
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

/** Waits until `res` takes more data; false when the browser went away. */
function drained(res: Response): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  if (!res.writableNeedDrain) return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = (ok: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => settle(!res.destroyed);
    const onClose = () => settle(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/**
 * Sends the `instances` (in that order) as one multipart/related answer, their files found where
 * the study index recorded them (else Orthanc is asked). The answer
 * has begun once this is called; a failure part-way cuts the connection, which the browser sees
 * as an incomplete body.
 */
export async function sendSeriesFiles(
  res: Response,
  storage: OrthancStorage,
  orthanc: OrthancClient,
  instances: readonly SeriesInstanceFile[],
): Promise<void> {
  const boundary = randomUUID();
  res.status(200).setHeader('content-type', `multipart/related; type="application/dicom"; boundary=${boundary}`);
  const ahead: Promise<Body | null>[] = [];
  let next = 0;
  const fill = () => {
    while (ahead.length < READ_AHEAD && next < instances.length) {
      // A failed read leaves the instance out rather than ending the answer.
      ahead.push(loadBody(storage, orthanc, instances[next++]!).catch(() => null));
    }
  };
  try {
    fill();
    while (ahead.length > 0) {
      const body = await ahead.shift()!;
      fill();
      if (!body) continue;
      if (res.destroyed) {
        release(body);
        break;
      }
      res.write(
        `--${boundary}\r\nContent-Type: application/dicom\r\nContent-Length: ${sizeOf(body)}\r\nMIME-Version: 1.0\r\n\r\n`,
        'latin1',
      );
      if (body.kind === 'file') {
        const stream = createReadStream(body.file.path, { start: 0, end: body.file.size - 1, highWaterMark: 1024 * 1024 });
        for await (const chunk of stream) if (!res.write(chunk) && !(await drained(res))) break;
      } else if (body.kind === 'pooled') {
        // The buffer goes back to the pool once the socket took it; a write cut off may still be
        // queued somewhere, so that buffer is left to the garbage collector.
        res.write(body.buffer.subarray(0, body.size), (error) => error || releaseStored(body.buffer));
      } else {
        res.write(body.buffer);
      }
      res.write('\r\n');
      if (!(await drained(res))) break;
    }
    if (!res.destroyed) res.end(`--${boundary}--\r\n`);
  } catch {
    res.destroy();
  } finally {
    // Reads still running for a browser that went away: their buffers return to the pool.
    for (const pending of ahead) void pending.then(release);
  }
}
