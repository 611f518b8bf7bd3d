/**
 * Orthanc's stored files, read straight from its storage folder (config `orthanc.storageDir`)
 * when the adapter can see it. A viewer asks for hundreds of files or frames per series; relaying
 * each through Orthanc's HTTP server costs Orthanc a lookup (and its DICOMweb plugin a parse of
 * the whole file) and the adapter a second socket hop, which on a small machine is most of the
 * CPU a series costs. Reading the file is one copy.
 *
 * Orthanc still decides what exists and where it is: the attachment's UUID comes from the study
 * index, which recorded Orthanc's FileUuid with the instance (FileLocation), or else from Orthanc's
 * REST API (`/instances/{id}/attachments/dicom/info`), and a file is used only when it is stored
 * uncompressed and has the size Orthanc recorded. Stored files never change: an instance sent
 * again is written under a new UUID and the old file is deleted, so a remembered path either
 * still holds the same bytes or no longer exists (the caller then relays through Orthanc).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { open, readFile, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { OrthancClient } from '../../orthanc/client.ts';
import type { ProxyWrap } from '../../orthanc/proxy.ts';
import { readRawElements } from '../../dicom/raw.ts';
import { NATIVE_SYNTAXES } from './frames.ts';

export interface StoredFile {
  path: string;
  size: number;
}

/**
 * Where the study index recorded an instance's file: Orthanc's attachment UUID and the file's
 * size. A stored file never changes (an instance stored again gets a new UUID, and the old file is
 * deleted), so a recorded location either still holds that instance's bytes or no longer exists.
 * Orthanc keeps files uncompressed here (orthanc.jsonc StorageCompression false); a compressed one
 * would not have the recorded (uncompressed) size, and is then looked up in Orthanc, which says so.
 */
export interface FileLocation {
  uuid: string;
  size: number;
}

/** Where the frames of a natively encoded instance lie in its stored file. */
export interface StoredFrames {
  path: string;
  syntax: string;
  /** File offset of the first frame (the Pixel Data value). */
  start: number;
  frameSize: number;
  count: number;
}

const CACHE_MS = 60_000;
const CACHE_MAX = 100_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Files up to this size are parsed for their frame layout (read whole once); larger ones are relayed. */
const LAYOUT_MAX_BYTES = 32 * 1024 * 1024;
/** Answers up to this size are read in one piece and written with one call; larger ones stream. */
export const SINGLE_READ_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Files up to this size may be read on the event loop's own thread (`readRecordedSync`): from the
 * page cache that is a few microseconds, against three hand-offs to libuv's threads and back.
 */
export const SYNC_READ_MAX_BYTES = 1024 * 1024;
/** Files read synchronously from this size on go into the buffer pool (a fresh one each was most of the forward's CPU per CT slice, in garbage collection). */
const POOLED_READ_MIN = 64 * 1024;

/**
 * Answer buffers, reused once written: a fresh half-megabyte buffer per frame is memory outside
 * V8's heap that it counts towards its next full collection, and at a few hundred frames a
 * second garbage collection took more CPU than the reads and writes together (measured: 0.8 ms
 * per 512 KB frame). Sizes are rounded up to 64 KiB steps; at most POOL_MAX_BYTES are kept.
 */
const POOL_STEP = 64 * 1024;
const POOL_MAX_BYTES = 64 * 1024 * 1024;

export class BufferPool {
  private readonly free = new Map<number, Buffer[]>();
  private kept = 0;

  /** A buffer of at least `size` bytes (its content is not cleared). */
  take(size: number): Buffer {
    const rounded = Math.ceil(size / POOL_STEP) * POOL_STEP;
    const buffer = this.free.get(rounded)?.pop();
    if (buffer) {
      this.kept -= rounded;
      return buffer;
    }
    return Buffer.allocUnsafeSlow(rounded);
  }

  /** Takes a buffer back once nothing reads it any more. */
  give(buffer: Buffer): void {
    if (this.kept + buffer.length > POOL_MAX_BYTES) return;
    const list = this.free.get(buffer.length) ?? [];
    list.push(buffer);
    this.free.set(buffer.length, list);
    this.kept += buffer.length;
  }

  get keptBytes(): number {
    return this.kept;
  }
}

const pool = new BufferPool();

class Remembered<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    return entry && entry.until > Date.now() ? entry.value : undefined;
  }

  set(key: string, value: T): T {
    if (this.entries.size >= CACHE_MAX) this.entries.clear();
    this.entries.set(key, { value, until: Date.now() + CACHE_MS });
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

/** A file's size, or -1 when it is not there. */
function sizeOf(path: string): Promise<number> {
  return stat(path).then(
    (stats) => stats.size,
    () => -1,
  );
}

function uint16(bytes: Uint8Array | undefined): number | undefined {
  return bytes && bytes.length >= 2 ? bytes[0]! | (bytes[1]! << 8) : undefined;
}

function text(bytes: Uint8Array | undefined): string {
  return bytes
    ? Buffer.from(bytes)
        .toString('latin1')
        .replace(/[\0 ]+$/u, '')
    : '';
}

/** The frame layout of a Part 10 file in a native syntax, or null for anything else. */
export function frameLayout(bytes: Uint8Array): Omit<StoredFrames, 'path'> | null {
  const elements = readRawElements(bytes, ['00020010', '00280002', '00280008', '00280010', '00280011', '00280100', '7FE00010']);
  const syntax = text(elements.get('00020010'));
  if (!NATIVE_SYNTAXES.has(syntax)) return null;
  const rows = uint16(elements.get('00280010'));
  const columns = uint16(elements.get('00280011'));
  const bits = uint16(elements.get('00280100'));
  const samples = uint16(elements.get('00280002')) ?? 1;
  const count = Number(text(elements.get('00280008')) || '1');
  const pixels = elements.get('7FE00010');
  // 1-bit images pack frames across byte boundaries: left to Orthanc.
  if (!rows || !columns || !bits || bits % 8 !== 0 || !pixels || !Number.isInteger(count) || count < 1) return null;
  const frameSize = (rows * columns * samples * bits) / 8;
  if (frameSize * count > pixels.length) return null;
  return { syntax, start: pixels.byteOffset - bytes.byteOffset, frameSize, count };
}

export class OrthancStorage {
  private readonly files = new Remembered<StoredFile | null>();
  private readonly layouts = new Remembered<StoredFrames | null>();

  constructor(
    private readonly orthanc: OrthancClient,
    private readonly dir: string | null,
  ) {}

  /**
   * The stored file of an instance when it can be read here as is; null: relay through Orthanc.
   * `locate` gives where the study index recorded the file (FileLocation), asked only when the
   * file is not remembered: used when the file there has the recorded size, which spares asking
   * Orthanc; else Orthanc is asked as without it.
   */
  async file(orthancId: string, locate?: () => Promise<FileLocation | null>): Promise<StoredFile | null> {
    if (!this.dir) return null;
    const known = this.files.get(orthancId);
    if (known !== undefined) return known;
    const located = locate ? await locate().catch(() => null) : null;
    if (located && UUID.test(located.uuid)) {
      const path = join(this.dir, located.uuid.slice(0, 2), located.uuid.slice(2, 4), located.uuid);
      const size = await sizeOf(path);
      if (size === located.size && size > 0) return this.files.set(orthancId, { path, size });
    }
    const response = await this.orthanc.request(`/instances/${orthancId}/attachments/dicom/info`);
    if (!response.ok) {
      await response.arrayBuffer();
      return null;
    }
    const info = (await response.json()) as { Uuid?: string; CompressedSize?: number; UncompressedSize?: number };
    const uuid = info.Uuid ?? '';
    if (!UUID.test(uuid) || info.CompressedSize !== info.UncompressedSize) return this.files.set(orthancId, null);
    const path = join(this.dir, uuid.slice(0, 2), uuid.slice(2, 4), uuid);
    const size = await sizeOf(path);
    return this.files.set(orthancId, size === info.UncompressedSize ? { path, size } : null);
  }

  /**
   * An instance's whole stored file, read into a buffer of its own; null: relay through Orthanc.
   * At a recorded location the file is read without a `stat` first (open, one read, close: for a
   * forward of small instances these calls on libuv's threads are most of the cost) and used when
   * exactly the recorded size was read; else as `file()` finds it.
   */
  async readWhole(orthancId: string, location: FileLocation | null): Promise<Buffer | null> {
    if (!this.dir) return null;
    if (location && UUID.test(location.uuid) && location.size > 0 && this.files.get(orthancId) === undefined) {
      const path = join(this.dir, location.uuid.slice(0, 2), location.uuid.slice(2, 4), location.uuid);
      const bytes = await readExactly(path, location.size);
      if (bytes) return bytes;
    }
    const file = await this.file(orthancId, () => Promise.resolve(location));
    const bytes = file && (await readExactly(file.path, file.size));
    if (file && !bytes) this.forget(orthancId);
    return bytes;
  }

  /**
   * A file of at most SYNC_READ_MAX_BYTES at its recorded location, read synchronously (open, one
   * read, close); undefined when that does not apply or the file there is not exactly the
   * recorded size: then `readWhole`, which also finds it another way. Files over POOLED_READ_MIN
   * are read into the shared buffer pool: give them back with `releaseRead` once written.
   */
  readRecordedSync(orthancId: string, location: FileLocation | null): Buffer | undefined {
    if (!this.dir || !location || !UUID.test(location.uuid) || location.size <= 0 || location.size > SYNC_READ_MAX_BYTES) return undefined;
    if (this.files.get(orthancId) !== undefined) return undefined;
    const path = join(this.dir, location.uuid.slice(0, 2), location.uuid.slice(2, 4), location.uuid);
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return undefined;
    }
    // One byte more than recorded is asked for, to tell a longer file.
    const pooled = location.size >= POOLED_READ_MIN;
    const buffer = pooled ? pool.take(location.size + 1) : Buffer.allocUnsafe(location.size + 1);
    let done = 0;
    try {
      for (;;) {
        const read = readSync(fd, buffer, done, location.size + 1 - done, done);
        if (read === 0 || done + read > location.size) {
          done += read;
          break;
        }
        done += read;
      }
    } catch {
      done = -1;
    } finally {
      closeSync(fd);
    }
    if (done !== location.size) {
      if (pooled) pool.give(buffer);
      return undefined;
    }
    if (pooled) pooledReads.add(buffer.buffer);
    return buffer.subarray(0, done);
  }

  /** Where the frames of an instance lie in its stored file; null: relay through Orthanc. */
  async frames(orthancId: string): Promise<StoredFrames | null> {
    const known = this.layouts.get(orthancId);
    if (known !== undefined) return known;
    const file = await this.file(orthancId);
    if (!file || file.size > LAYOUT_MAX_BYTES) return null;
    const bytes = await readFile(file.path).catch(() => null);
    if (!bytes) return null;
    const layout = frameLayout(bytes);
    return this.layouts.set(orthancId, layout && { path: file.path, ...layout });
  }

  /** A remembered path turned out to be gone (the instance was stored again or deleted). */
  forget(orthancId: string): void {
    this.files.delete(orthancId);
    this.layouts.delete(orthancId);
  }
}

const storages = new WeakMap<OrthancClient, OrthancStorage>();

/** The one OrthancStorage of an Orthanc client (its remembered locations shared by the viewer and the forward). */
export function storageOf(orthanc: OrthancClient, dir: string | null): OrthancStorage {
  let storage = storages.get(orthanc);
  if (!storage) storages.set(orthanc, (storage = new OrthancStorage(orthanc, dir)));
  return storage;
}

/**
 * A whole stored file read into a pooled buffer (its first `file.size` bytes), or null when the
 * file is gone or shorter than recorded. Give the buffer back with `releaseStored` once written.
 */
export async function readStored(file: StoredFile): Promise<Buffer | null> {
  const handle = await open(file.path, 'r').catch(() => null);
  if (!handle) return null;
  const buffer = pool.take(file.size);
  try {
    if (await readFully(handle, buffer, 0, file.size, 0)) return buffer;
  } catch {
    // Read as gone: the caller relays through Orthanc.
  } finally {
    await handle.close().catch(() => undefined);
  }
  pool.give(buffer);
  return null;
}

/** Takes back a buffer of `readStored` once every byte of it was handed to the socket. */
export function releaseStored(buffer: Buffer): void {
  pool.give(buffer);
}

/** Files read by `readRecordedSync` into the pool, by their memory, until `releaseRead` gives them back. */
const pooledReads = new WeakSet<ArrayBufferLike>();

/** Takes back a file of `readRecordedSync` once nothing reads it any more; files not from the pool are left to the collector. */
export function releaseRead(bytes: Buffer): void {
  if (!pooledReads.delete(bytes.buffer)) return;
  pool.give(Buffer.from(bytes.buffer, 0, bytes.buffer.byteLength));
}

/** A file of exactly `size` bytes, read whole (one byte more is asked for to tell a longer file); null otherwise. */
async function readExactly(path: string, size: number): Promise<Buffer | null> {
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return null;
  try {
    const buffer = Buffer.allocUnsafe(size + 1);
    let done = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, done, size + 1 - done, done);
      if (bytesRead === 0) break;
      done += bytesRead;
      if (done > size) return null;
    }
    return done === size ? buffer.subarray(0, size) : null;
  } catch {
    return null;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Reads `length` bytes at `position` into `target` from `offset` on. */
async function readFully(handle: FileHandle, target: Buffer, offset: number, length: number, position: number): Promise<boolean> {
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(target, offset + done, length - done, position + done);
    if (bytesRead === 0) return false;
    done += bytesRead;
  }
  return true;
}

/**
 * Sends `length` bytes of a stored file from `position` on, inside `wrap` when given. Resolves
 * false, having sent nothing, when the file is gone or shorter than expected.
 */
export async function sendStored(
  res: Response,
  path: string,
  position: number,
  length: number,
  contentType: string,
  wrap?: ProxyWrap,
): Promise<boolean> {
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) return false;
  try {
    const head = wrap?.head ?? Buffer.alloc(0);
    const tail = wrap?.tail ?? Buffer.alloc(0);
    const total = head.length + length + tail.length;
    if (length <= SINGLE_READ_MAX_BYTES) {
      const buffer = pool.take(total);
      head.copy(buffer, 0);
      if (!(await readFully(handle, buffer, head.length, length, position))) {
        pool.give(buffer);
        return false;
      }
      tail.copy(buffer, head.length + length);
      res.status(200).setHeader('content-type', wrap?.contentType ?? contentType);
      res.setHeader('content-length', total);
      // 'finish': every byte was handed to the operating system. A response cut off before that
      // may still hold the buffer in a write queue, so it is left to the garbage collector.
      res.once('finish', () => pool.give(buffer));
      res.end(buffer.subarray(0, total));
      return true;
    }
    res.status(200).setHeader('content-type', wrap?.contentType ?? contentType);
    res.setHeader('content-length', total);
    res.write(head);
    await pipeline(
      handle.createReadStream({ start: position, end: position + length - 1, autoClose: false, highWaterMark: 1024 * 1024 }),
      res,
      {
        end: false,
      },
    );
    res.end(tail);
    return true;
  } catch {
    // Cut off mid-answer (the browser went away, or the file vanished while read): nothing to add.
    res.destroy();
    return true;
  } finally {
    await handle.close().catch(() => undefined);
  }
}
