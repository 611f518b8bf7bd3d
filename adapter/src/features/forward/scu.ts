/**
 * A C-STORE SCU of the adapter's own (issue 15, "Speed"): sends DICOM Part 10 files over one
 * association, one C-STORE at a time (no asynchronous operations window is negotiated: dcmtk's
 * storescp and storescu negotiate none either), while the next files are read (`window` files and
 * `windowBytes` bytes ahead), so reading overlaps the destination's work.
 * The upper layer and command sets are the front receiver's (pdu.ts, dimse.ts); what only an SCU
 * needs (A-ASSOCIATE-RQ, reading the A-ASSOCIATE-AC, data PDVs, the file meta group) is here.
 *
 * Presentation contexts are proposed per SOP class with the transfer syntaxes of the files seen;
 * a file of a SOP class or transfer syntax the association does not carry ends the association
 * and opens a new one that proposes it too (bounded: MAX_ASSOCIATIONS). Nothing is transcoded: a
 * file the destination accepts no context for is reported refused, as is a failure status.
 */
import { connect, type Socket } from 'node:net';
import { COMMAND, parseCommand, requestCommand } from '../dicom-front/dimse.ts';
import { abort, associatePdu, item, parsePData, PDU, PduError, PduReader, pDataCommand, releaseRq } from '../dicom-front/pdu.ts';

/** What we announce we receive, and the most we send in one P-DATA-TF whatever the peer allows. */
const OUR_MAX_PDU = 256 * 1024;
/** A peer's non-P-DATA PDU (associate answer, release) is small; anything bigger is refused unread. */
const MAX_CONTROL_PDU = 64 * 1024;
const MAX_ASSOCIATIONS = 8;

export interface ScuTarget {
  host: string;
  port: number;
  callingAet: string;
  calledAet: string;
  /** Connect, associate, each C-STORE answer and the release: each must come within this. */
  timeoutMs: number;
}

export interface ScuResult {
  /** The caller's id of the file (e.g. Orthanc's instance id). */
  id: string;
  sopInstanceUid: string;
  /** The C-STORE status (0 success, 0xB… warnings count as arrived); null when never sent. */
  status: number | null;
  /** Why it was not stored, when it was not. */
  reason: string;
}

export interface ScuOptions {
  /** Files read (or being read) ahead of the one being sent: at most this many… */
  window: number;
  /**
   * …and at most this many bytes of them, as `sizeOf` tells each file's size (a file of unknown
   * size counts a quarter of it); at least one file is always read ahead, whatever its size.
   */
  windowBytes?: number;
  sizeOf?: (id: string) => number | undefined;
  /** Called with a file `read` gave once nothing reads it any more (written to the socket, or not sent). */
  release?: (bytes: Buffer) => void;
  signal?: AbortSignal;
  /** Called once per file, in order, when its outcome is known. Throwing stops the forward. */
  onResult: (result: ScuResult) => void | Promise<void>;
}

export class ScuError extends Error {}

interface FileMeta {
  sopClassUid: string;
  sopInstanceUid: string;
  transferSyntax: string;
  dataSet: Buffer;
}

/** The file meta group of a Part 10 file (PS3.10 §7.1) and the data set after it. */
export function readPart10(bytes: Buffer): FileMeta {
  if (bytes.length < 132 || bytes.toString('latin1', 128, 132) !== 'DICM') throw new ScuError('Not a DICOM Part 10 file');
  const meta: Omit<FileMeta, 'dataSet'> = { sopClassUid: '', sopInstanceUid: '', transferSyntax: '' };
  let at = 132;
  // Group 0002 is explicit VR little endian; it ends where another group starts.
  while (at + 8 <= bytes.length && bytes.readUInt16LE(at) === 0x0002) {
    const element = bytes.readUInt16LE(at + 2);
    const vr = bytes.toString('latin1', at + 4, at + 6);
    const long = vr === 'OB' || vr === 'OW' || vr === 'UN' || vr === 'SQ' || vr === 'UT' || vr === 'UC' || vr === 'UR';
    const length = long ? bytes.readUInt32LE(at + 8) : bytes.readUInt16LE(at + 6);
    const start = at + (long ? 12 : 8);
    const end = start + length;
    if (end > bytes.length) throw new ScuError('File meta element past the end of the file');
    const value = () => bytes.toString('latin1', start, end).replace(/[\0 ]+$/, '');
    if (element === 0x0002) meta.sopClassUid = value();
    else if (element === 0x0003) meta.sopInstanceUid = value();
    else if (element === 0x0010) meta.transferSyntax = value();
    at = end;
  }
  if (!meta.sopClassUid || !meta.sopInstanceUid || !meta.transferSyntax)
    throw new ScuError('File meta group without SOP class, instance or transfer syntax');
  return { ...meta, dataSet: bytes.subarray(at) };
}

interface Proposal {
  id: number;
  sopClassUid: string;
  transferSyntaxes: string[];
}

function associateRq(target: ScuTarget, proposals: readonly Proposal[]): Buffer {
  const presentation = proposals.map((proposal) =>
    item(
      0x20,
      Buffer.concat([
        Buffer.from([proposal.id, 0, 0, 0]),
        item(0x30, Buffer.from(proposal.sopClassUid, 'latin1')),
        ...proposal.transferSyntaxes.map((uid) => item(0x40, Buffer.from(uid, 'latin1'))),
      ]),
    ),
  );
  return associatePdu(PDU.associateRq, target.calledAet, target.callingAet, presentation, OUR_MAX_PDU);
}

interface Accepted {
  /** Accepted context id by SOP class and transfer syntax (`class|syntax`). */
  contexts: Map<string, number>;
  /** The peer's maximum P-DATA-TF variable field (0: no limit). */
  maxPdu: number;
}

/** Reads an A-ASSOCIATE-AC's presentation context answers and the peer's maximum PDU length. */
export function parseAssociateAc(body: Buffer, proposals: readonly Proposal[]): Accepted {
  const accepted: Accepted = { contexts: new Map(), maxPdu: 0 };
  let at = 68;
  while (at + 4 <= body.length) {
    const type = body[at]!;
    const length = body.readUInt16BE(at + 2);
    const start = at + 4;
    const end = start + length;
    if (end > body.length) throw new PduError('A-ASSOCIATE-AC item past the end');
    if (type === 0x21 && length >= 4) {
      const id = body[start]!;
      const result = body[start + 2]!;
      const sub = start + 4;
      const syntax =
        sub + 4 <= end && body[sub] === 0x40
          ? body.toString('latin1', sub + 4, Math.min(end, sub + 4 + body.readUInt16BE(sub + 2))).replace(/[\0 ]+$/, '')
          : '';
      const proposal = proposals.find((p) => p.id === id);
      if (result === 0 && proposal && proposal.transferSyntaxes.includes(syntax))
        accepted.contexts.set(`${proposal.sopClassUid}|${syntax}`, id);
    } else if (type === 0x50) {
      for (let sub = start; sub + 4 <= end;) {
        const subLength = body.readUInt16BE(sub + 2);
        if (body[sub] === 0x51 && subLength === 4 && sub + 8 <= end) accepted.maxPdu = body.readUInt32BE(sub + 4);
        sub += 4 + subLength;
      }
    }
    at = end;
  }
  return accepted;
}

/** One association: PDUs in, with every wait bounded by the target's timeout. */
class Association {
  private readonly reader = new PduReader((type) => (type === PDU.pData ? OUR_MAX_PDU : MAX_CONTROL_PDU));
  private readonly queue: { type: number; body: Buffer }[] = [];
  private waiter: (() => void) | undefined;
  private failure: Error | undefined;
  private messageId = 0;

  private constructor(
    private readonly socket: Socket,
    private readonly timeoutMs: number,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const { type, body } of this.reader.push(chunk)) this.queue.push({ type, body });
      } catch (error) {
        this.fail(error as Error);
        return;
      }
      this.wake();
    });
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new ScuError('The destination closed the connection')));
  }

  /** Opens the connection; an abort of `signal` closes it at once, ending whatever waits on it. */
  static async open(target: ScuTarget, signal?: AbortSignal): Promise<Association> {
    if (signal?.aborted) throw new ScuError('Cancelled');
    const socket = connect({ host: target.host, port: target.port });
    const association = new Association(socket, target.timeoutMs);
    if (signal) {
      const onAbort = () => socket.destroy(new ScuError('Cancelled'));
      signal.addEventListener('abort', onAbort, { once: true });
      socket.once('close', () => signal.removeEventListener('abort', onAbort));
    }
    try {
      await association.bounded(
        new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('error', reject);
        }),
        'connecting',
      );
    } catch (error) {
      // A destination that never answers the connect: the socket would stay open until the OS gives up.
      socket.destroy();
      throw error;
    }
    return association;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.wake();
  }

  private wake(): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.();
  }

  private async bounded<T>(promise: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        promise,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new ScuError(`The destination did not answer within ${this.timeoutMs / 1000} s (${what})`)),
            this.timeoutMs,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The next PDU from the peer. */
  async next(what: string): Promise<{ type: number; body: Buffer }> {
    for (;;) {
      const pdu = this.queue.shift();
      if (pdu) return pdu;
      if (this.failure) throw this.failure;
      await this.bounded(new Promise<void>((resolve) => (this.waiter = resolve)), what);
    }
  }

  write(buffer: Buffer): void {
    this.socket.write(buffer);
  }

  async associate(target: ScuTarget, proposals: readonly Proposal[]): Promise<Accepted> {
    this.write(associateRq(target, proposals));
    const answer = await this.next('association');
    if (answer.type === PDU.associateAc) return parseAssociateAc(answer.body, proposals);
    if (answer.type === PDU.associateRj)
      throw new ScuError(
        `The destination rejected the association (result ${answer.body[1]}, source ${answer.body[2]}, reason ${answer.body[3]})`,
      );
    throw new ScuError(`The destination answered the association with PDU type ${answer.type}`);
  }

  /**
   * Writes one C-STORE request; its answer is `storeAnswer()`. Split so that the caller reads the
   * next files while the destination works on this one, not between its answer and the next request.
   */
  storeRequest(contextId: number, maxPdu: number, file: FileMeta, written: () => void): void {
    this.messageId = (this.messageId % 0xffff) + 1;
    // The command and the data set leave in one write (corked): a small instance is one segment.
    this.socket.cork();
    this.write(pDataCommand(contextId, requestCommand(COMMAND.cStoreRq, this.messageId, file.sopClassUid, file.sopInstanceUid, true)));
    // Each P-DATA-TF carries one PDV of at most the peer's maximum less the PDV header.
    const fragment = Math.max(1024, Math.min(maxPdu > 0 ? maxPdu : OUR_MAX_PDU, OUR_MAX_PDU) - 6);
    for (let at = 0; at < file.dataSet.length || at === 0; at += fragment) {
      const piece = file.dataSet.subarray(at, at + fragment);
      const last = at + fragment >= file.dataSet.length;
      const head = Buffer.alloc(12);
      head[0] = PDU.pData;
      head.writeUInt32BE(piece.length + 6, 2);
      head.writeUInt32BE(piece.length + 2, 6);
      head[10] = contextId;
      head[11] = last ? 0x02 : 0x00;
      this.socket.write(head);
      // Called once the last piece is handed to the kernel, or with an error when the socket is gone.
      this.socket.write(piece, last ? () => written() : undefined);
      if (last) break;
    }
    this.socket.uncork();
  }

  /** The status of the C-STORE response to the request just written. */
  async storeAnswer(): Promise<number> {
    let command: Buffer | undefined;
    for (;;) {
      const answer = await this.next('C-STORE response');
      if (answer.type === PDU.abort) throw new ScuError('The destination aborted the association');
      if (answer.type !== PDU.pData) throw new ScuError(`Unexpected PDU type ${answer.type} during a C-STORE`);
      for (const pdv of parsePData(answer.body)) {
        if (!pdv.command) continue;
        // A response command is one PDV almost always: joined only when split.
        command = command ? Buffer.concat([command, pdv.data]) : pdv.data;
        if (command.length > MAX_CONTROL_PDU) throw new ScuError('C-STORE response command too long');
        if (!pdv.last) continue;
        const rsp = parseCommand(command);
        if (rsp.field !== COMMAND.cStoreRsp) throw new ScuError(`Unexpected DIMSE command 0x${rsp.field.toString(16)}`);
        return statusOf(command);
      }
    }
  }

  async release(): Promise<void> {
    this.write(releaseRq());
    try {
      await this.next('release');
    } finally {
      this.socket.destroy();
    }
  }

  abort(): void {
    if (!this.socket.destroyed) this.socket.end(abort(0, 0));
    this.socket.destroy();
  }
}

/** The Status (0000,0900) of a command set; parseCommand does not keep it. */
function statusOf(command: Buffer): number {
  for (let at = 0; at + 8 <= command.length;) {
    const element = command.readUInt16LE(at + 2);
    const length = command.readUInt32LE(at + 4);
    if (element === 0x0900 && length >= 2) return command.readUInt16LE(at + 8);
    at += 8 + length;
  }
  throw new ScuError('C-STORE response without a status');
}

/** A status that means the instance arrived: success, or a warning (PS3.4 B.2.3: 0001, Bxxx). */
export const arrived = (status: number | null) => status !== null && (status === 0 || status === 1 || (status & 0xf000) === 0xb000);

/** What a file of unknown size counts towards `windowBytes`: a quarter of it. */
const UNKNOWN_SIZE_SHARE = 4;

/**
 * Sends the files of `ids`, read by `read`, to the target, in order. At most `options.window`
 * files, and `options.windowBytes` bytes, are read ahead; the next ones are started right after a
 * request is written, so that reading (and a `read` that reads small files synchronously) runs
 * while the destination stores, not between its answer and the next request. `read` bounds what
 * it buffers (it knows the source: a size from an index, a Content-Length). Every outcome goes to
 * `options.onResult`. Throws ScuError when the destination cannot be reached or stops answering
 * (the files not reported were not sent).
 */
export async function storeFiles(
  target: ScuTarget,
  ids: readonly string[],
  read: (id: string, signal: AbortSignal) => Promise<Buffer>,
  options: ScuOptions,
): Promise<void> {
  const reads = new AbortController();
  options.signal?.addEventListener('abort', () => reads.abort(), { once: true });
  const maxFiles = Math.max(1, options.window);
  const maxBytes = options.windowBytes ?? Infinity;
  const pending = new Map<number, { bytes: Promise<Buffer>; size: number }>();
  let pendingBytes = 0;
  let nextRead = 0;
  const readAhead = () => {
    while (nextRead < ids.length && pending.size < maxFiles) {
      const id = ids[nextRead]!;
      const known = options.sizeOf?.(id);
      const size = known ?? (Number.isFinite(maxBytes) ? maxBytes / UNKNOWN_SIZE_SHARE : 0);
      if (pending.size > 0 && pendingBytes + size > maxBytes) break;
      const bytes = read(id, reads.signal);
      bytes.catch(() => undefined); // awaited in order below; this only keeps an early failure from being unhandled
      pending.set(nextRead++, { bytes, size });
      pendingBytes += size;
    }
  };
  const proposals: Proposal[] = [];
  let association: Association | undefined;
  let accepted: Accepted | undefined;
  let associations = 0;
  try {
    readAhead();
    for (let i = 0; i < ids.length; i++) {
      if (options.signal?.aborted) throw new ScuError('Cancelled');
      const ahead = pending.get(i)!;
      const bytes = await ahead.bytes;
      pending.delete(i);
      pendingBytes -= ahead.size;
      const release = () => options.release?.(bytes);
      let file: FileMeta;
      try {
        file = readPart10(bytes);
      } catch (error) {
        release();
        readAhead();
        await options.onResult({ id: ids[i]!, sopInstanceUid: '', status: null, reason: (error as Error).message });
        continue;
      }
      const key = `${file.sopClassUid}|${file.transferSyntax}`;
      const proposal = proposals.find((p) => p.sopClassUid === file.sopClassUid);
      const proposed = proposal?.transferSyntaxes.includes(file.transferSyntax) ?? false;
      if (!proposed) {
        // A new kind of file: an association that proposes it too.
        if (proposal) proposal.transferSyntaxes.push(file.transferSyntax);
        else if (proposals.length < 127)
          proposals.push({ id: proposals.length * 2 + 1, sopClassUid: file.sopClassUid, transferSyntaxes: [file.transferSyntax] });
        if (association) await association.release();
        association = undefined;
      }
      if (!association) {
        if (++associations > MAX_ASSOCIATIONS) throw new ScuError(`More than ${MAX_ASSOCIATIONS} kinds of files in one forward`);
        association = await Association.open(target, options.signal);
        accepted = await association.associate(target, proposals);
      }
      const contextId = accepted!.contexts.get(key);
      if (contextId === undefined) {
        release();
        readAhead();
        await options.onResult({
          id: ids[i]!,
          sopInstanceUid: file.sopInstanceUid,
          status: null,
          reason: 'The destination accepts no transfer syntax for this kind of object (its SOP class was not accepted).',
        });
        continue;
      }
      association.storeRequest(contextId, accepted!.maxPdu, file, release);
      readAhead();
      const status = await association.storeAnswer();
      await options.onResult({
        id: ids[i]!,
        sopInstanceUid: file.sopInstanceUid,
        status,
        reason: arrived(status) ? '' : `status ${status.toString(16).toUpperCase().padStart(4, '0')}`,
      });
    }
    if (association) await association.release();
    association = undefined;
  } finally {
    reads.abort();
    association?.abort();
  }
}
