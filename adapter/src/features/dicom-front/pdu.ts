/**
 * The DICOM upper layer (PS3.8 §9.3) as far as the front receiver needs it: reading an
 * A-ASSOCIATE-RQ, writing A-ASSOCIATE-AC/RJ, P-DATA-TF with its PDVs, A-RELEASE-RQ/RP and
 * A-ABORT. Written here from the standard; every length is checked against the bytes present
 * before anything is read, so a malformed PDU throws PduError and never reads out of bounds.
 */

export const PDU = {
  associateRq: 0x01,
  associateAc: 0x02,
  associateRj: 0x03,
  pData: 0x04,
  releaseRq: 0x05,
  releaseRp: 0x06,
  abort: 0x07,
} as const;

export const APPLICATION_CONTEXT = '1.2.840.10008.3.1.1.1';
export const IMPLEMENTATION_CLASS_UID = '1.2.826.0.1.3680043.10.1408.1';
export const IMPLEMENTATION_VERSION = 'PACS_FRONT_1';

/** A PDU header: type (1), reserved (1), length (4, big endian). */
export const PDU_HEADER = 6;

export class PduError extends Error {}

export interface ProposedContext {
  id: number;
  abstractSyntax: string;
  transferSyntaxes: string[];
}

export interface AssociateRq {
  calledAet: string;
  callingAet: string;
  applicationContext: string;
  contexts: ProposedContext[];
  /** The peer's maximum P-DATA-TF variable field (0: no limit). */
  maxPduLength: number;
  /** The items of the user information we do not interpret (role selection, identity, ...). */
  hasUserIdentity: boolean;
}

export interface AcceptedContext {
  id: number;
  /** 0 acceptance, 1 user rejection, 2 no reason, 3 abstract syntax not supported, 4 transfer syntaxes not supported. */
  result: 0 | 1 | 2 | 3 | 4;
  transferSyntax: string;
}

function ascii(buffer: Buffer, start: number, end: number): string {
  return buffer.toString('latin1', start, end);
}

/** A UID or AE title from an item: trailing spaces and NULs (padding) dropped. */
function text(buffer: Buffer, start: number, end: number): string {
  return ascii(buffer, start, end).replace(/[\0 ]+$/, '');
}

/** Reads the variable field of an A-ASSOCIATE-RQ (the bytes after the 6-byte PDU header). */
export function parseAssociateRq(body: Buffer): AssociateRq {
  if (body.length < 68) throw new PduError('A-ASSOCIATE-RQ shorter than its fixed fields');
  const calledAet = text(body, 4, 20).trim();
  const callingAet = text(body, 20, 36).trim();
  const rq: AssociateRq = { calledAet, callingAet, applicationContext: '', contexts: [], maxPduLength: 0, hasUserIdentity: false };
  let at = 68;
  while (at < body.length) {
    if (at + 4 > body.length) throw new PduError('Item header past the end of the PDU');
    const type = body[at]!;
    const length = body.readUInt16BE(at + 2);
    const start = at + 4;
    const end = start + length;
    if (end > body.length) throw new PduError('Item longer than the PDU');
    if (type === 0x10) rq.applicationContext = text(body, start, end);
    else if (type === 0x20) rq.contexts.push(parseProposedContext(body, start, end));
    else if (type === 0x50) parseUserInformation(body, start, end, rq);
    at = end;
  }
  return rq;
}

function parseProposedContext(body: Buffer, start: number, end: number): ProposedContext {
  if (end - start < 4) throw new PduError('Presentation context item too short');
  const context: ProposedContext = { id: body[start]!, abstractSyntax: '', transferSyntaxes: [] };
  let at = start + 4;
  while (at < end) {
    if (at + 4 > end) throw new PduError('Sub-item header past the end of its item');
    const type = body[at]!;
    const length = body.readUInt16BE(at + 2);
    const itemEnd = at + 4 + length;
    if (itemEnd > end) throw new PduError('Sub-item longer than its item');
    if (type === 0x30) context.abstractSyntax = text(body, at + 4, itemEnd);
    else if (type === 0x40) context.transferSyntaxes.push(text(body, at + 4, itemEnd));
    at = itemEnd;
  }
  return context;
}

function parseUserInformation(body: Buffer, start: number, end: number, rq: AssociateRq): void {
  let at = start;
  while (at < end) {
    if (at + 4 > end) throw new PduError('User information sub-item header past its item');
    const type = body[at]!;
    const length = body.readUInt16BE(at + 2);
    const itemEnd = at + 4 + length;
    if (itemEnd > end) throw new PduError('User information sub-item longer than its item');
    if (type === 0x51 && length === 4) rq.maxPduLength = body.readUInt32BE(at + 4);
    if (type === 0x58) rq.hasUserIdentity = true;
    at = itemEnd;
  }
}

export function item(type: number, payload: Buffer): Buffer {
  if (payload.length > 0xffff) throw new PduError('Item too long');
  const header = Buffer.alloc(4);
  header[0] = type;
  header.writeUInt16BE(payload.length, 2);
  return Buffer.concat([header, payload]);
}

function pdu(type: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(PDU_HEADER);
  header[0] = type;
  header.writeUInt32BE(payload.length, 2);
  return Buffer.concat([header, payload]);
}

function aeField(aet: string): Buffer {
  return Buffer.from(aet.padEnd(16, ' ').slice(0, 16), 'latin1');
}

/** The A-ASSOCIATE-AC answering `rq`, announcing `maxPduLength` as what we receive. */
export function associateAc(rq: AssociateRq, contexts: readonly AcceptedContext[], maxPduLength: number): Buffer {
  const presentation = contexts.map((context) =>
    item(0x21, Buffer.concat([Buffer.from([context.id, 0, context.result, 0]), item(0x40, Buffer.from(context.transferSyntax, 'latin1'))])),
  );
  return associatePdu(PDU.associateAc, rq.calledAet, rq.callingAet, presentation, maxPduLength);
}

/**
 * An A-ASSOCIATE-RQ or -AC: the fixed fields, the application context, the presentation context
 * items given, and the user information (`maxPduLength` as what we receive, our implementation).
 */
export function associatePdu(
  type: number,
  calledAet: string,
  callingAet: string,
  presentation: readonly Buffer[],
  maxPduLength: number,
): Buffer {
  const fixed = Buffer.alloc(68);
  fixed.writeUInt16BE(1, 0);
  aeField(calledAet).copy(fixed, 4);
  aeField(callingAet).copy(fixed, 20);
  const max = Buffer.alloc(4);
  max.writeUInt32BE(maxPduLength, 0);
  const user = Buffer.concat([
    item(0x51, max),
    item(0x52, Buffer.from(IMPLEMENTATION_CLASS_UID, 'latin1')),
    item(0x55, Buffer.from(IMPLEMENTATION_VERSION, 'latin1')),
  ]);
  return pdu(type, Buffer.concat([fixed, item(0x10, Buffer.from(APPLICATION_CONTEXT, 'latin1')), ...presentation, item(0x50, user)]));
}

/**
 * A-ASSOCIATE-RJ. result 1 permanent, 2 transient; source 1 service user (reasons 1 none,
 * 2 application context, 3 calling AE, 7 called AE), 3 service provider presentation (reasons
 * 1 temporary congestion, 2 local limit exceeded).
 */
export function associateRj(result: 1 | 2, source: 1 | 2 | 3, reason: number): Buffer {
  return pdu(PDU.associateRj, Buffer.from([0, result, source, reason]));
}

export function releaseRp(): Buffer {
  return pdu(PDU.releaseRp, Buffer.alloc(4));
}

export function releaseRq(): Buffer {
  return pdu(PDU.releaseRq, Buffer.alloc(4));
}

/** A-ABORT: source 0 service user, 2 service provider; reason 0 not specified, 2 unexpected PDU, 6 invalid parameter. */
export function abort(source: 0 | 2, reason: number): Buffer {
  return pdu(PDU.abort, Buffer.from([0, 0, source, reason]));
}

export interface Pdv {
  contextId: number;
  command: boolean;
  last: boolean;
  data: Buffer;
}

/** The PDVs of a P-DATA-TF variable field (views into `body`, not copies). */
export function parsePData(body: Buffer): Pdv[] {
  const pdvs: Pdv[] = [];
  let at = 0;
  while (at < body.length) {
    if (at + 6 > body.length) throw new PduError('PDV header past the end of the PDU');
    const length = body.readUInt32BE(at);
    if (length < 2 || at + 4 + length > body.length) throw new PduError('PDV length outside the PDU');
    const header = body[at + 5]!;
    pdvs.push({
      contextId: body[at + 4]!,
      command: (header & 1) === 1,
      last: (header & 2) === 2,
      data: body.subarray(at + 6, at + 4 + length),
    });
    at += 4 + length;
  }
  return pdvs;
}

/** One P-DATA-TF holding one whole command (small enough for any peer's maximum). */
export function pDataCommand(contextId: number, command: Buffer): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt32BE(command.length + 2, 0);
  head[4] = contextId;
  head[5] = 0x03;
  return pdu(PDU.pData, Buffer.concat([head, command]));
}

/**
 * Splits a stream of bytes into whole PDUs, refusing any PDU whose declared length exceeds
 * `maxLength` before a byte of it is buffered.
 */
export class PduReader {
  private readonly bytes = new ByteQueue();

  constructor(private readonly maxLength: (type: number) => number) {}

  /** Adds bytes; answers the complete PDUs now available (type and variable field). */
  push(chunk: Buffer): { type: number; body: Buffer; raw: Buffer }[] {
    this.bytes.push(chunk);
    const out: { type: number; body: Buffer; raw: Buffer }[] = [];
    for (;;) {
      if (this.bytes.length < PDU_HEADER) break;
      const head = this.bytes.peek(PDU_HEADER);
      const type = head[0]!;
      const length = head.readUInt32BE(2);
      if (type < PDU.associateRq || type > PDU.abort) throw new PduError(`Unknown PDU type ${type}`);
      if (length > this.maxLength(type)) throw new PduError(`PDU of ${length} bytes is over the limit`);
      if (this.bytes.length < PDU_HEADER + length) break;
      const raw = this.bytes.take(PDU_HEADER + length);
      out.push({ type, body: raw.subarray(PDU_HEADER), raw });
    }
    return out;
  }

  /** Bytes received and not yet part of a whole PDU. */
  rest(): Buffer {
    return this.bytes.rest();
  }
}

/**
 * The bytes of a socket's reads not consumed yet, kept as the reads themselves: taking bytes
 * answers a view into a read, and joins (copies) only when they span reads, and then only those
 * bytes (a 16 KiB PDU across the border of a 64 KiB read used to copy the 64 KiB).
 */
class ByteQueue {
  private chunks: Buffer[] = [];
  length = 0;

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.length += chunk.length;
  }

  /** Length of the first read still held (0 when none). */
  firstLength(): number {
    return this.chunks[0]?.length ?? 0;
  }

  /** The next n bytes, left in the queue. */
  peek(n: number): Buffer {
    return this.first(n).subarray(0, n);
  }

  /** The next n bytes, taken out of the queue. */
  take(n: number): Buffer {
    const first = this.first(n);
    const taken = first.subarray(0, n);
    if (first.length === n) this.chunks.shift();
    else this.chunks[0] = first.subarray(n);
    this.length -= n;
    return taken;
  }

  /** Everything not taken, byte for byte. */
  rest(): Buffer {
    return Buffer.concat(this.chunks);
  }

  /** The first read, after joining into it the leading reads that hold the first n bytes. */
  private first(n: number): Buffer {
    if (this.chunks[0]!.length >= n) return this.chunks[0]!;
    let count = 0;
    let length = 0;
    while (length < n) length += this.chunks[count++]!.length;
    const last = this.chunks[count - 1]!;
    const needed = last.length - (length - n);
    const joined = Buffer.concat([...this.chunks.slice(0, count - 1), last.subarray(0, needed)], n);
    this.chunks.splice(0, count, joined, ...(needed < last.length ? [last.subarray(needed)] : []));
    return joined;
  }
}

/** A piece of one PDV's value, as it arrived: a view into a socket read, never a copy. */
export interface PdvPiece {
  contextId: number;
  command: boolean;
  /** The PDV's header said "last fragment" (of the command or of the data set). */
  last: boolean;
  data: Buffer;
  /** This piece ends its PDV. */
  end: boolean;
}

/** What `PduStream.next` reads: a whole PDU (any but P-DATA-TF), or a piece of a PDV. */
export type StreamItem = { pdu: { type: number; body: Buffer; raw: Buffer } } | { piece: PdvPiece };

const EMPTY = Buffer.alloc(0);

/**
 * Reads a stream of PDUs without waiting for a P-DATA-TF to be whole: its PDVs come out as pieces
 * of the socket's reads, so a 128 KiB PDU spanning two reads is never joined (a copy of every
 * byte of a 512×512 slice) and each piece can be written while the rest arrives. Any other PDU
 * comes out whole. Same bounds as PduReader: a PDU's declared length is checked against
 * `maxLength` before a byte of it is buffered, and every PDV must fit in its PDU. Pull-based:
 * `push` adds a read, `next` answers the next item or undefined when more bytes are needed, so a
 * caller may stop between items (and `rest` answers the bytes not read, byte for byte).
 */
export class PduStream {
  private readonly bytes = new ByteQueue();
  /** Bytes of the current P-DATA-TF's variable field not read yet. */
  private pduLeft = 0;
  /** Bytes of the current PDV's value not read yet, and its header. */
  private pdvLeft = 0;
  private pdv: Omit<PdvPiece, 'data' | 'end'> | undefined;

  constructor(private readonly maxLength: (type: number) => number) {}

  push(chunk: Buffer): void {
    this.bytes.push(chunk);
  }

  next(): StreamItem | undefined {
    for (;;) {
      if (this.pdvLeft > 0) {
        if (this.bytes.length === 0) return undefined;
        const data = this.bytes.take(Math.min(this.pdvLeft, this.bytes.firstLength()));
        this.pdvLeft -= data.length;
        this.pduLeft -= data.length;
        return { piece: { ...this.pdv!, data, end: this.pdvLeft === 0 } };
      }
      if (this.pduLeft > 0) {
        if (this.pduLeft < 6) throw new PduError('PDV header past the end of the PDU');
        if (this.bytes.length < 6) return undefined;
        const head = this.bytes.take(6);
        const length = head.readUInt32BE(0);
        if (length < 2 || 4 + length > this.pduLeft) throw new PduError('PDV length outside the PDU');
        this.pdv = { contextId: head[4]!, command: (head[5]! & 1) === 1, last: (head[5]! & 2) === 2 };
        this.pduLeft -= 6;
        this.pdvLeft = length - 2;
        if (this.pdvLeft === 0) return { piece: { ...this.pdv, data: EMPTY, end: true } };
        continue;
      }
      if (this.bytes.length < PDU_HEADER) return undefined;
      const head = this.bytes.peek(PDU_HEADER);
      const type = head[0]!;
      const length = head.readUInt32BE(2);
      if (type < PDU.associateRq || type > PDU.abort) throw new PduError(`Unknown PDU type ${type}`);
      if (length > this.maxLength(type)) throw new PduError(`PDU of ${length} bytes is over the limit`);
      if (type === PDU.pData) {
        this.bytes.take(PDU_HEADER);
        this.pduLeft = length;
        continue;
      }
      if (this.bytes.length < PDU_HEADER + length) return undefined;
      const raw = this.bytes.take(PDU_HEADER + length);
      return { pdu: { type, body: raw.subarray(PDU_HEADER), raw } };
    }
  }

  /** Bytes received and not read yet. */
  rest(): Buffer {
    return this.bytes.rest();
  }
}
