/**
 * The streaming reader the front receives with (PduStream): PDVs come out as pieces of the socket's
 * reads, never joined, and put back together they are the PDVs sent, whatever the borders of the
 * reads; other PDUs come out whole; the same bounds as the whole-PDU reader.
 */
import { describe, expect, it } from 'vitest';
import { PDU, PduError, PduStream, releaseRq, type StreamItem } from './pdu.ts';

function stream(max = 1024 * 1024) {
  return new PduStream((type) => (type === PDU.pData ? max : 64 * 1024));
}

/** A P-DATA-TF of the given PDVs (context 1; data unless `command`). */
function pData(pdvs: { bytes: Buffer; command?: boolean; last?: boolean }[]): Buffer {
  const body = Buffer.concat(
    pdvs.map(({ bytes, command = false, last = true }) => {
      const head = Buffer.alloc(6);
      head.writeUInt32BE(bytes.length + 2, 0);
      head[4] = 1;
      head[5] = (command ? 1 : 0) | (last ? 2 : 0);
      return Buffer.concat([head, bytes]);
    }),
  );
  const head = Buffer.from([PDU.pData, 0, 0, 0, 0, 0]);
  head.writeUInt32BE(body.length, 2);
  return Buffer.concat([head, body]);
}

function readAll(reader: PduStream, wire: Buffer, step: number): StreamItem[] {
  const items: StreamItem[] = [];
  for (let at = 0; at < wire.length; at += step) {
    reader.push(wire.subarray(at, at + step));
    for (let item = reader.next(); item; item = reader.next()) items.push(item);
  }
  return items;
}

describe('PduStream', () => {
  it('gives each PDV in pieces that make it whole, whatever the borders of the reads, and other PDUs whole', () => {
    const command = Buffer.alloc(90, 7);
    const first = Buffer.alloc(5000, 1);
    const second = Buffer.alloc(3, 2);
    const wire = Buffer.concat([
      pData([{ bytes: command, command: true }]),
      pData([
        { bytes: first, last: false },
        { bytes: Buffer.alloc(0), last: false },
      ]),
      pData([{ bytes: second }]),
      releaseRq(),
    ]);
    for (const step of [1, 5, 7, 100, 113, 4096, wire.length]) {
      const items = readAll(stream(), wire, step);
      const pieces = items.flatMap((item) => ('piece' in item ? [item.piece] : []));
      const pdvs: { command: boolean; last: boolean; bytes: Buffer }[] = [];
      let parts: Buffer[] = [];
      for (const piece of pieces) {
        parts.push(piece.data);
        if (!piece.end) continue;
        pdvs.push({ command: piece.command, last: piece.last, bytes: Buffer.concat(parts) });
        parts = [];
      }
      expect(pdvs, `reads of ${step}`).toEqual([
        { command: true, last: true, bytes: command },
        { command: false, last: false, bytes: first },
        { command: false, last: false, bytes: Buffer.alloc(0) },
        { command: false, last: true, bytes: second },
      ]);
      // Never a piece longer than the read it came from: views, not joins.
      expect(Math.max(...pieces.map((piece) => piece.data.length))).toBeLessThanOrEqual(step);
      const last = items.at(-1);
      expect(last && 'pdu' in last && last.pdu.type, `reads of ${step}`).toBe(PDU.releaseRq);
    }
  });

  it('keeps the bytes after a whole PDU unread, for a caller that stops there', () => {
    const release = releaseRq();
    const after = pData([{ bytes: Buffer.alloc(10, 3) }]);
    const reader = stream();
    reader.push(Buffer.concat([release, after]));
    const item = reader.next();
    expect(item && 'pdu' in item && item.pdu.raw.equals(release)).toBe(true);
    expect(reader.rest().equals(after)).toBe(true);
  });

  it('refuses a P-DATA-TF over the limit before buffering it, and a PDV longer than its PDU', () => {
    const big = pData([{ bytes: Buffer.alloc(2000) }]);
    const reader = stream(1000);
    reader.push(big.subarray(0, 6));
    expect(() => reader.next()).toThrow(PduError);

    const wrong = pData([{ bytes: Buffer.alloc(10) }]);
    wrong.writeUInt32BE(0x20, 6);
    const second = stream();
    second.push(wrong);
    expect(() => second.next()).toThrow(PduError);

    const unknown = stream();
    unknown.push(Buffer.from([0x09, 0, 0, 0, 0, 0]));
    expect(() => unknown.next()).toThrow(PduError);
  });
});
