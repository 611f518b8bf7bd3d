/**
 * Follows one growing log file by polling, as `tail -F` does: reads what was appended since the
 * last call in chunks, and survives the file being absent, rotated (renamed away and a new one
 * made: the rest of the old one is read first) or truncated in place (copytruncate: read again
 * from the start). Memory is bounded: a call reads at most `maxBytesPerRead`, and a line longer
 * than `maxLineBytes` is dropped up to its end.
 *
 * A file is known by its identity: device, inode and a hash of its first line. Truncation keeps
 * the inode, so the first line tells the new content from the old; positions are then byte
 * offsets within that identity (a cursor kept elsewhere names both).
 */
import { createHash } from 'node:crypto';
import { open, stat, type FileHandle } from 'node:fs/promises';

export interface TailLine {
  text: string;
  /** The file it was read from, and the byte just after the line in it. */
  fileId: string;
  end: number;
}

export interface TailOptions {
  chunkBytes?: number;
  maxBytesPerRead?: number;
  maxLineBytes?: number;
}

const FIRST_LINE_BYTES = 4096;

export class LogTail {
  private handle: FileHandle | null = null;
  private inode = '';
  private fileId: string | null = null;
  private position = 0;
  private partial: Buffer[] = [];
  private partialBytes = 0;
  private skippingLongLine = false;
  private readonly chunkBytes: number;
  private readonly maxBytesPerRead: number;
  private readonly maxLineBytes: number;

  /**
   * `start` decides where a newly opened file is read from, given its identity and size: a kept
   * cursor's position, 0, or its end.
   */
  constructor(
    readonly path: string,
    private readonly start: (fileId: string, size: number) => Promise<number>,
    options: TailOptions = {},
  ) {
    this.chunkBytes = options.chunkBytes ?? 64 * 1024;
    this.maxBytesPerRead = options.maxBytesPerRead ?? 4 * 1024 * 1024;
    this.maxLineBytes = options.maxLineBytes ?? 16 * 1024;
  }

  /** Whether a file is open (it existed and held a line at the last read). */
  get reading(): boolean {
    return this.handle !== null;
  }

  /** The complete lines appended since the last call (at most about `maxBytesPerRead`). */
  async read(): Promise<TailLine[]> {
    const lines: TailLine[] = [];
    if (!this.handle && !(await this.openFile())) return lines;
    let budget = this.maxBytesPerRead;
    for (;;) {
      const handle = this.handle!;
      const size = (await handle.stat()).size;
      if (size < this.position || (await this.identity(handle)) !== this.fileId) {
        // Truncated in place (or rewritten): new content, from its start.
        await this.adopt(handle, 0);
      }
      budget -= await this.readTo(handle, lines, budget);
      if (budget <= 0) return lines;
      // At the end of this file: has the path moved on to another one (rotation)?
      const now = await stat(this.path).catch(() => null);
      if (!now || `${now.dev}:${now.ino}` === this.inode) return lines;
      await this.close();
      if (!(await this.openFile())) return lines;
    }
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = null;
    this.fileId = null;
    await handle?.close().catch(() => undefined);
  }

  private async openFile(): Promise<boolean> {
    const handle = await open(this.path, 'r').catch(() => null);
    if (!handle) return false;
    const info = await handle.stat();
    const fileId = await this.identity(handle);
    if (fileId === null) {
      // Not one complete line yet: opened again next time.
      await handle.close();
      return false;
    }
    this.handle = handle;
    this.inode = `${info.dev}:${info.ino}`;
    await this.adopt(handle, Math.min(await this.start(fileId, info.size), info.size));
    return true;
  }

  private async adopt(handle: FileHandle, position: number): Promise<void> {
    const info = await handle.stat();
    this.inode = `${info.dev}:${info.ino}`;
    this.fileId = await this.identity(handle);
    this.position = position;
    this.partial = [];
    this.partialBytes = 0;
    // Started inside a line (a cursor never is; the end of a file being written may be): skip to its end.
    this.skippingLongLine = false;
  }

  /** device:inode:hash of the first line; null while the file holds no complete line. */
  private async identity(handle: FileHandle): Promise<string | null> {
    const buffer = Buffer.alloc(FIRST_LINE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, FIRST_LINE_BYTES, 0);
    const newline = buffer.subarray(0, bytesRead).indexOf(10);
    if (newline < 0 && bytesRead < FIRST_LINE_BYTES) return null;
    const first = buffer.subarray(0, newline < 0 ? bytesRead : newline);
    const info = await handle.stat();
    return `${info.dev}:${info.ino}:${createHash('sha1').update(first).digest('hex').slice(0, 16)}`;
  }

  /** Reads complete lines from the position on; answers the bytes read. */
  private async readTo(handle: FileHandle, lines: TailLine[], budget: number): Promise<number> {
    const buffer = Buffer.alloc(this.chunkBytes);
    let total = 0;
    while (total < budget) {
      const { bytesRead } = await handle.read(buffer, 0, this.chunkBytes, this.position);
      if (bytesRead === 0) break;
      let from = 0;
      for (;;) {
        const newline = buffer.subarray(from, bytesRead).indexOf(10);
        if (newline < 0) break;
        const end = from + newline;
        this.line(buffer.subarray(from, end), this.position + end + 1, lines);
        from = end + 1;
      }
      this.keep(buffer.subarray(from, bytesRead));
      this.position += bytesRead;
      total += bytesRead;
    }
    return total;
  }

  private line(tail: Buffer, end: number, lines: TailLine[]): void {
    const skipping = this.skippingLongLine;
    const whole = this.partial.length > 0 ? Buffer.concat([...this.partial, tail]) : tail;
    this.partial = [];
    this.partialBytes = 0;
    this.skippingLongLine = false;
    if (skipping || whole.length > this.maxLineBytes) return;
    lines.push({ text: whole.toString('utf8').replace(/\r$/, ''), fileId: this.fileId!, end });
  }

  /** Keeps the start of an unfinished line, up to the cap; beyond it the line is dropped. */
  private keep(rest: Buffer): void {
    if (rest.length === 0 || this.skippingLongLine) return;
    if (this.partialBytes + rest.length > this.maxLineBytes) {
      this.partial = [];
      this.partialBytes = 0;
      this.skippingLongLine = true;
      return;
    }
    this.partial.push(Buffer.from(rest));
    this.partialBytes += rest.length;
  }
}
