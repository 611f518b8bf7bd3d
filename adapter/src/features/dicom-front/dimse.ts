/**
 * DIMSE command sets (PS3.7 §9.3, §E): group 0000 in implicit VR little endian. Only the fields
 * the front receiver reads (C-STORE-RQ, C-ECHO-RQ) and writes (their responses).
 */
import { PduError } from './pdu.ts';

export const COMMAND = {
  cStoreRq: 0x0001,
  cStoreRsp: 0x8001,
  cEchoRq: 0x0030,
  cEchoRsp: 0x8030,
} as const;

export const STATUS = {
  success: 0x0000,
  /** Refused: out of resources (PS3.4 B.2.3), e.g. the licence's study limit or a full disk. */
  outOfResources: 0xa700,
  /** Error: cannot understand. */
  cannotUnderstand: 0xc000,
  /** Refused: not authorized (PS3.7 C.5.x, 0x0124). */
  notAuthorized: 0x0124,
} as const;

/** CommandDataSetType's value meaning "no data set follows". */
const NO_DATA_SET = 0x0101;

export interface Command {
  field: number;
  messageId: number;
  affectedSopClassUid: string;
  affectedSopInstanceUid: string;
  hasDataSet: boolean;
}

/** Reads a command set; unknown elements are skipped, a length past the end throws. */
export function parseCommand(bytes: Buffer): Command {
  const command: Command = { field: -1, messageId: 0, affectedSopClassUid: '', affectedSopInstanceUid: '', hasDataSet: false };
  let at = 0;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) throw new PduError('Command element header past the end');
    const group = bytes.readUInt16LE(at);
    const element = bytes.readUInt16LE(at + 2);
    const length = bytes.readUInt32LE(at + 4);
    const start = at + 8;
    const end = start + length;
    if (group !== 0x0000 || end > bytes.length) throw new PduError('Command element outside group 0000 or past the end');
    const uid = () => bytes.toString('latin1', start, end).replace(/[\0 ]+$/, '');
    const us = () => (length >= 2 ? bytes.readUInt16LE(start) : 0);
    if (element === 0x0002) command.affectedSopClassUid = uid();
    else if (element === 0x0100) command.field = us();
    else if (element === 0x0110) command.messageId = us();
    else if (element === 0x0800) command.hasDataSet = us() !== NO_DATA_SET;
    else if (element === 0x1000) command.affectedSopInstanceUid = uid();
    at = end;
  }
  return command;
}

function element(tag: number, value: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt16LE(0x0000, 0);
  head.writeUInt16LE(tag, 2);
  head.writeUInt32LE(value.length, 4);
  return Buffer.concat([head, value]);
}

function uidValue(uid: string): Buffer {
  return Buffer.from(uid.length % 2 === 1 ? `${uid}\0` : uid, 'latin1');
}

function us(value: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value, 0);
  return b;
}

/** A response (C-STORE-RSP, C-ECHO-RSP) to `rq` with `status`; no data set. */
export function responseCommand(rq: Command, field: number, status: number): Buffer {
  const elements = [element(0x0002, uidValue(rq.affectedSopClassUid))];
  elements.push(element(0x0100, us(field)), element(0x0120, us(rq.messageId)), element(0x0800, us(NO_DATA_SET)));
  elements.push(element(0x0900, us(status)));
  if (rq.affectedSopInstanceUid !== '') elements.push(element(0x1000, uidValue(rq.affectedSopInstanceUid)));
  const body = Buffer.concat(elements);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(body.length, 0);
  return Buffer.concat([element(0x0000, length), body]);
}

/** A request command (used by tests and the bench's own SCU). */
export function requestCommand(field: number, messageId: number, sopClassUid: string, sopInstanceUid: string, withData: boolean): Buffer {
  const elements = [element(0x0002, uidValue(sopClassUid)), element(0x0100, us(field)), element(0x0110, us(messageId))];
  if (field === COMMAND.cStoreRq) elements.push(element(0x0700, us(0)));
  elements.push(element(0x0800, us(withData ? 0x0000 : NO_DATA_SET)));
  if (sopInstanceUid !== '') elements.push(element(0x1000, uidValue(sopInstanceUid)));
  const body = Buffer.concat(elements);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(body.length, 0);
  return Buffer.concat([element(0x0000, length), body]);
}
