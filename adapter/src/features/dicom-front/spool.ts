/**
 * The front receiver's spool (docs/decisions.md "A front receiver for DICOM ingest"): each
 * C-STORE's dataset is written, with a File Meta group built here, to `tmp/` and renamed into
 * the spool folder once whole. A file in the spool folder is an instance the modality was told is
 * stored; the drain (drain.ts) hands it to Orthanc and deletes it only once Orthanc took it.
 *
 * Folders under DATA_DIR/dicom-front/<port>/: `spool/` (ready), `spool/tmp/` (being received;
 * what a crash leaves there was never acknowledged and is removed at start), `spool/failed/`
 * (refused by Orthanc, kept for an administrator).
 */
import {
  close as closeCallback,
  closeSync,
  fsync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writevSync,
} from 'node:fs';
import { open, readdir, rm, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readRawElements } from '../../dicom/raw.ts';
import { IMPLEMENTATION_CLASS_UID, IMPLEMENTATION_VERSION } from './pdu.ts';
import { fsyncPath, type SyncGroup } from './durability.ts';

export interface SpoolFolders {
  ready: string;
  tmp: string;
  failed: string;
}

export function spoolFolders(dataDir: string, port: number): SpoolFolders {
  const ready = join(dataDir, 'dicom-front', String(port), 'spool');
  return { ready, tmp: join(ready, 'tmp'), failed: join(ready, 'failed') };
}

/**
 * Creates the folders and removes what a crash left half-received (never acknowledged). Files a
 * front left under another port were acknowledged to a modality: they are moved into this port's
 * folders, ready files to be handed to Orthanc and refused ones kept with the others, so nothing
 * acknowledged is stranded: the provider's DICOM port was changed while the adapter was down, or
 * a cluster replica's front died and another started first, or the cluster has fewer nodes now.
 * A folder whose owner (`front.pid`, written here first) is another live process is left alone:
 * in a cluster the replicas share DATA_DIR, one front per node port, each draining its own.
 */
export async function prepareSpool(folders: SpoolFolders): Promise<void> {
  for (const dir of [folders.ready, folders.tmp, folders.failed]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(ownerFile(folders.ready), `${process.pid}\n`, { mode: 0o600 });
  for (const name of await readdir(folders.tmp)) await rm(join(folders.tmp, name), { force: true });
  const root = dirname(dirname(folders.ready));
  for (const entry of await readdir(root, { withFileTypes: true })) {
    const former = join(root, entry.name, 'spool');
    if (!entry.isDirectory() || former === folders.ready || ownedByAnother(ownerFile(former))) continue;
    for (const [from, to] of [
      [former, folders.ready],
      [join(former, 'failed'), folders.failed],
    ] as const) {
      const names = await readdir(from, { withFileTypes: true }).catch(() => []);
      for (const file of names) if (file.isFile() && file.name.endsWith('.dcm')) renameSync(join(from, file.name), join(to, file.name));
    }
  }
}

/** The file naming the process whose front drains a port's spool (beside its `spool/` folder). */
const ownerFile = (ready: string): string => join(dirname(ready), 'front.pid');

/** Whether the spool's owner is a live process other than this one (a pid reused by another program also counts: its files wait). */
function ownedByAnother(file: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(file, 'utf8').trim());
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Ready files, oldest first (names start with the time of reception). */
export async function readySpoolFiles(folders: SpoolFolders): Promise<string[]> {
  const names = await readdir(folders.ready, { withFileTypes: true });
  return names
    .filter((entry) => entry.isFile() && entry.name.endsWith('.dcm'))
    .map((entry) => entry.name)
    .sort();
}

function explicitElement(element: number, vr: string, value: Buffer): Buffer {
  const long = vr === 'OB';
  const head = Buffer.alloc(long ? 12 : 8);
  head.writeUInt16LE(0x0002, 0);
  head.writeUInt16LE(element, 2);
  head.write(vr, 4, 'latin1');
  if (long) head.writeUInt32LE(value.length, 8);
  else head.writeUInt16LE(value.length, 6);
  return Buffer.concat([head, value]);
}

function padded(value: string, pad: '\0' | ' '): Buffer {
  return Buffer.from(value.length % 2 === 1 ? value + pad : value, 'latin1');
}

export interface MetaFields {
  sopClassUid: string;
  sopInstanceUid: string;
  transferSyntax: string;
  /** The calling AE title of the association (SourceApplicationEntityTitle). */
  callingAet: string;
}

/** Preamble, DICM and the File Meta group (PS3.10 §7.1) for a dataset received over the network. */
export function fileMetaHeader(fields: MetaFields): Buffer {
  const group = Buffer.concat([
    explicitElement(0x0001, 'OB', Buffer.from([0, 1])),
    explicitElement(0x0002, 'UI', padded(fields.sopClassUid, '\0')),
    explicitElement(0x0003, 'UI', padded(fields.sopInstanceUid, '\0')),
    explicitElement(0x0010, 'UI', padded(fields.transferSyntax, '\0')),
    explicitElement(0x0012, 'UI', padded(IMPLEMENTATION_CLASS_UID, '\0')),
    explicitElement(0x0013, 'SH', padded(IMPLEMENTATION_VERSION, ' ')),
    explicitElement(0x0016, 'AE', padded(fields.callingAet, ' ')),
  ]);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(group.length, 0);
  return Buffer.concat([Buffer.alloc(128), Buffer.from('DICM', 'latin1'), explicitElement(0x0000, 'UL', length), group]);
}

let sequence = 0;

/** A file in tmp/: this process and a sequence number (tmp/ is emptied at start: see prepareSpool). */
function temporaryName(): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${process.pid}-${String(sequence).padStart(6, '0')}.part`;
}

/** Its name in the spool: the time of its commit first, so that names sort in the order received. */
function readyName(temporary: string): string {
  return `${Date.now().toString().padStart(14, '0')}-${temporary.replace(/\.part$/, '')}.dcm`;
}

export interface OpenFile {
  fd: number;
  name: string;
}

/**
 * The empty file an association's next instance will be written to, created right after the
 * answer to the previous one has left, while the modality reads it and sends the next C-STORE:
 * creating a file is the costliest of the spool's calls (0.13–0.45 ms on the shared bench
 * machine, the most while a group is fdatasynced), and with a core free its cost overlaps the
 * modality's turn instead of following the next command. Synchronous like the spool's other calls:
 * created through the thread pool it was ready in time for 2 instances of 1,000 (its completion
 * comes after the next command's read).
 */
export class SpareFile {
  private ready: OpenFile | undefined;
  private closed = false;

  constructor(private readonly folders: SpoolFolders) {}

  /** Creates the next file unless one is ready; a failure is left to SpoolFile's own attempt, which answers the modality with it. */
  prepare(): void {
    if (this.ready || this.closed) return;
    const name = temporaryName();
    try {
      this.ready = { fd: openSync(join(this.folders.tmp, name), 'wx', 0o600), name };
    } catch {
      // SpoolFile tries again and reports the failure.
    }
  }

  /** The file created ahead, if ready (then it is the caller's). */
  take(): OpenFile | undefined {
    const ready = this.ready;
    this.ready = undefined;
    return ready;
  }

  /** The association ended: the spare file is removed. */
  close(): void {
    this.closed = true;
    if (this.ready) discardFile(this.ready.fd, join(this.folders.tmp, this.ready.name));
    this.ready = undefined;
  }
}

function discardFile(fd: number, path: string): void {
  closeCallback(fd, () => unlink(path).catch(() => undefined));
}

/**
 * One instance being received: bytes go to tmp/, `commit` makes it a ready spool file.
 *
 * The file calls are synchronous, on the adapter's main thread, as storescp makes them: each is
 * page-cache work bounded by one PDU (at most FRONT_MAX_PDU), while the asynchronous calls cost
 * four hand-offs to libuv's thread pool per instance (open, write, close, rename), each waiting
 * for a thread on a loaded machine and, in `group` mode, behind the pool's fdatasyncs; the
 * modality waits for all of them before it sends the next instance.
 */
export class SpoolFile {
  private fd: number | undefined;
  /** Its name in tmp/; in the spool it is named by the time it was committed (the drain's order). */
  private readonly name: string;
  private failure: unknown;
  /** The File Meta group, written with the first fragment (one writev instead of two writes). */
  private header: Buffer | undefined;
  bytes = 0;

  constructor(
    private readonly folders: SpoolFolders,
    meta: MetaFields,
    /** `each`: fsynced before commit resolves; a group: handed to it once renamed; none: left to the kernel. */
    private readonly durability: 'each' | SyncGroup | undefined,
    /** An empty file opened ahead (SpareFile); without one, the file is created here. */
    spare?: OpenFile,
  ) {
    if (spare) {
      this.name = spare.name;
      this.fd = spare.fd;
    } else {
      this.name = temporaryName();
      try {
        this.fd = openSync(join(folders.tmp, this.name), 'wx', 0o600);
      } catch (error) {
        this.failure = error;
      }
    }
    this.header = fileMetaHeader(meta);
    this.bytes = this.header.length;
  }

  /** Writes a fragment (after a failure, drops it: `commit` reports the failure). */
  write(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.fd === undefined || this.failure !== undefined) return;
    const parts = this.header ? [this.header, chunk] : [chunk];
    this.header = undefined;
    try {
      writeAll(this.fd, parts);
    } catch (error) {
      this.failure = error;
    }
  }

  /**
   * Ends the file and renames it into the spool, durable as the mode says (durability.ts): at once
   * without fsync or in a group (handed to it), in `each` mode a promise resolved once the file and
   * the folder are fsynced (through the thread pool: an fsync takes milliseconds, which would stop
   * the whole adapter).
   */
  commit(): string | Promise<string> {
    if (this.header) this.write(Buffer.alloc(0));
    if (this.failure !== undefined || this.fd === undefined) return this.fail();
    if (this.durability === 'each') return this.commitDurably(this.fd);
    const fd = this.fd;
    this.fd = undefined;
    closeSync(fd);
    const ready = join(this.folders.ready, readyName(this.name));
    renameSync(join(this.folders.tmp, this.name), ready);
    this.durability?.add(ready);
    return ready;
  }

  private async commitDurably(fd: number): Promise<string> {
    await new Promise<void>((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())));
    this.fd = undefined;
    closeSync(fd);
    const ready = join(this.folders.ready, readyName(this.name));
    renameSync(join(this.folders.tmp, this.name), ready);
    await fsyncPath(this.folders.ready);
    return ready;
  }

  private fail(): never {
    throw this.failure instanceof Error ? this.failure : new Error(`Spool file not written: ${String(this.failure)}`);
  }

  /** Drops a file whose transfer failed (the modality is answered with a failure or aborted). */
  discard(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    unlink(join(this.folders.tmp, this.name)).catch(() => undefined);
  }
}

/** writev until every byte is written (a regular file may take fewer bytes than asked). */
function writeAll(fd: number, parts: Buffer[]): void {
  let left = parts.filter((part) => part.length > 0);
  while (left.length > 0) {
    let written = writevSync(fd, left);
    const rest: Buffer[] = [];
    for (const part of left) {
      if (written >= part.length) written -= part.length;
      else {
        rest.push(part.subarray(written));
        written = 0;
      }
    }
    left = rest;
  }
}

/** What the drain reads of a spool file: who sent it, and the identity Orthanc gives it. */
export interface SpoolIdentity {
  callingAet: string;
  patientId: string;
  studyUid: string;
  seriesUid: string;
  sopInstanceUid: string;
}

const value = (elements: Map<string, Uint8Array>, tag: string) =>
  Buffer.from(elements.get(tag) ?? new Uint8Array())
    .toString('latin1')
    .replace(/[\0 ]+$/u, '')
    .trim();

/**
 * Reads a spool file's head (64 KiB: the identifying elements come long before pixel data). The
 * calling AE title comes from the File Meta group this module wrote, which is trusted because
 * only the front writes the spool; never from a file a user uploaded.
 */
export async function readSpoolIdentity(path: string): Promise<SpoolIdentity> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const elements = readRawElements(head.subarray(0, bytesRead), ['00020016', '00100020', '0020000D', '0020000E', '00080018']);
    return {
      callingAet: value(elements, '00020016'),
      patientId: value(elements, '00100020'),
      studyUid: value(elements, '0020000D'),
      seriesUid: value(elements, '0020000E'),
      sopInstanceUid: value(elements, '00080018'),
    };
  } finally {
    await handle.close();
  }
}
