/**
 * The upper-layer codec against PDUs recorded from real peers: dcmtk 3.6.7's echoscu and storescu
 * A-ASSOCIATE-RQ (captured with a plain TCP listener), and the limits: a PDU over the announced
 * maximum, an item longer than its PDU, a PDV longer than its PDU, fragments of any size.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PDU, PduError, PduReader, associateAc, associateRj, parseAssociateRq, parsePData, pDataCommand } from './pdu.ts';
import { COMMAND, STATUS, parseCommand, requestCommand, responseCommand } from './dimse.ts';
import { chooseTransferSyntax, servedByFront } from './front.ts';
import { fileMetaHeader } from './spool.ts';
import { readRawElements } from '../../dicom/raw.ts';

/** echoscu -aet ECHOSCU -aec PACS: its A-ASSOCIATE-RQ as sent on the wire. */
const ECHOSCU_RQ = Buffer.from(
  '0100000000cd00010000504143532020202020202020202020204543484f5343552020202020202020200000000000000000' +
    '00000000000000000000000000000000000000000000000010000015312e322e3834302e31303030382e332e312e312e3120' +
    '00002e0100ff0030000011312e322e3834302e31303030382e312e3140000011312e322e3834302e31303030382e312e3250' +
    '00003a51000004000040005200001b312e322e3237362e302e373233303031302e332e302e332e362e375500000f4f464649' +
    '535f44434d544b5f333637',
  'hex',
);
/** storescu CT_small.dcm: its default list of storage presentation contexts (fixtures/). */
const STORESCU_RQ = Buffer.from(readFileSync(new URL('./fixtures/storescu-associate-rq.hex', import.meta.url), 'utf8').trim(), 'hex');

function reader(max = 1024 * 1024) {
  return new PduReader((type) => (type === PDU.pData ? max : 64 * 1024));
}

describe('A-ASSOCIATE-RQ', () => {
  it("reads echoscu's request", () => {
    const [pdu] = reader().push(ECHOSCU_RQ);
    expect(pdu?.type).toBe(PDU.associateRq);
    const rq = parseAssociateRq(pdu!.body);
    expect(rq).toMatchObject({
      calledAet: 'PACS',
      callingAet: 'ECHOSCU',
      applicationContext: '1.2.840.10008.3.1.1.1',
      maxPduLength: 16384,
    });
    expect(rq.contexts).toEqual([{ id: 1, abstractSyntax: '1.2.840.10008.1.1', transferSyntaxes: ['1.2.840.10008.1.2'] }]);
    expect(servedByFront(rq)).toBe(true);
  });

  it("reads storescu's request: every context a storage class, served here", () => {
    const rq = parseAssociateRq(reader().push(STORESCU_RQ)[0]!.body);
    expect(rq.callingAet).toBe('STORESCU');
    expect(rq.contexts.length).toBeGreaterThan(50);
    expect(rq.contexts.find((c) => c.abstractSyntax === '1.2.840.10008.5.1.4.1.1.2')?.transferSyntaxes).toContain('1.2.840.10008.1.2.1');
    expect(servedByFront(rq)).toBe(true);
  });

  it('reads a request split in one-byte fragments', () => {
    const r = reader();
    const out = [];
    for (const byte of ECHOSCU_RQ) out.push(...r.push(Buffer.from([byte])));
    expect(out).toHaveLength(1);
    expect(parseAssociateRq(out[0]!.body).callingAet).toBe('ECHOSCU');
  });

  it('refuses an item longer than its PDU, and a PDU over the limit before buffering it', () => {
    const cut = Buffer.from(ECHOSCU_RQ);
    cut.writeUInt16BE(0xffff, 6 + 68 + 2);
    expect(() => parseAssociateRq(reader().push(cut)[0]!.body)).toThrow(PduError);
    const huge = Buffer.from([PDU.pData, 0, 0x7f, 0xff, 0xff, 0xff]);
    expect(() => reader().push(huge)).toThrow(/over the limit/);
    expect(() => reader().push(Buffer.from([0x09, 0, 0, 0, 0, 0]))).toThrow(/Unknown PDU type/);
  });

  it('answers with an A-ASSOCIATE-AC that reads back, and rejects with the given codes', () => {
    const rq = parseAssociateRq(reader().push(ECHOSCU_RQ)[0]!.body);
    const ac = associateAc(rq, [{ id: 1, result: 0, transferSyntax: '1.2.840.10008.1.2' }], 1 << 20);
    expect(ac[0]).toBe(PDU.associateAc);
    expect(ac.readUInt32BE(2)).toBe(ac.length - 6);
    expect(ac.toString('latin1', 10, 26).trim()).toBe('PACS');
    expect([...associateRj(1, 1, 3)]).toEqual([3, 0, 0, 0, 0, 4, 0, 1, 1, 3]);
  });

  it('serves storage and verification only; anything else is piped', () => {
    const rq = parseAssociateRq(reader().push(ECHOSCU_RQ)[0]!.body);
    expect(
      servedByFront({ ...rq, contexts: [...rq.contexts, { id: 3, abstractSyntax: '1.2.840.10008.5.1.4.1.1.2', transferSyntaxes: [] }] }),
    ).toBe(true);
    expect(servedByFront({ ...rq, contexts: [{ id: 1, abstractSyntax: '1.2.840.10008.5.1.4.1.2.2.1', transferSyntaxes: [] }] })).toBe(
      false,
    );
    expect(servedByFront({ ...rq, contexts: [] })).toBe(false);
    expect(chooseTransferSyntax(['1.2.840.10008.1.2', '1.2.840.10008.1.2.1'])).toBe('1.2.840.10008.1.2.1');
    expect(chooseTransferSyntax(['1.2.840.10008.1.2.4.50'])).toBe('1.2.840.10008.1.2.4.50');
    // Big endian only when nothing else is offered: storescu then converts a big-endian file.
    expect(chooseTransferSyntax(['1.2.840.10008.1.2.2', '1.2.840.10008.1.2'])).toBe('1.2.840.10008.1.2');
    expect(chooseTransferSyntax(['1.2.840.10008.1.2.2'])).toBe('1.2.840.10008.1.2.2');
  });
});

describe('P-DATA-TF and DIMSE commands', () => {
  it('round-trips a C-STORE-RQ and answers it', () => {
    const command = requestCommand(COMMAND.cStoreRq, 7, '1.2.840.10008.5.1.4.1.1.2', '1.2.3.4.5', true);
    const pdu = pDataCommand(1, command);
    const [pdv] = parsePData(pdu.subarray(6));
    expect(pdv).toMatchObject({ contextId: 1, command: true, last: true });
    const rq = parseCommand(pdv!.data);
    expect(rq).toEqual({
      field: COMMAND.cStoreRq,
      messageId: 7,
      affectedSopClassUid: '1.2.840.10008.5.1.4.1.1.2',
      affectedSopInstanceUid: '1.2.3.4.5',
      hasDataSet: true,
    });
    const rsp = parseCommand(responseCommand(rq, COMMAND.cStoreRsp, STATUS.success));
    expect(rsp).toMatchObject({ field: COMMAND.cStoreRsp, affectedSopInstanceUid: '1.2.3.4.5', hasDataSet: false });
  });

  it('reads PDUs cut at any border of the socket reads, each whole and in order', () => {
    // Three P-DATA-TF of different sizes back to back, cut into reads of sizes that put PDU
    // borders inside reads, across several reads, and at read borders.
    const pdus = [100, 3, 5000].map((size, i) => {
      const head = Buffer.alloc(6);
      head.writeUInt32BE(size + 2, 0);
      head[4] = 1;
      head[5] = 0x02;
      return Buffer.concat([Buffer.from([PDU.pData, 0, 0, 0, 0, 0]), head, Buffer.alloc(size, i + 1)]);
    });
    for (const pdu of pdus) pdu.writeUInt32BE(pdu.length - 6, 2);
    const wire = Buffer.concat(pdus);
    for (const step of [1, 5, 7, 106, 113, 4096]) {
      const r = reader();
      const out = [];
      for (let at = 0; at < wire.length; at += step) out.push(...r.push(wire.subarray(at, at + step)));
      expect(
        out.map((pdu) => pdu.raw.length),
        `reads of ${step}`,
      ).toEqual(pdus.map((pdu) => pdu.length));
      expect(Buffer.concat(out.map((pdu) => pdu.raw)).equals(wire), `reads of ${step}`).toBe(true);
    }
  });

  it('refuses a PDV longer than its PDU and a command element past its end', () => {
    const body = Buffer.from([0, 0, 0, 0x20, 1, 3, 0, 0]);
    expect(() => parsePData(body)).toThrow(PduError);
    expect(() => parseCommand(Buffer.from([0, 0, 0, 1, 0xff, 0, 0, 0]))).toThrow(PduError);
  });

  it('builds a File Meta group the raw reader reads, with the calling AE title', () => {
    const meta = fileMetaHeader({
      sopClassUid: '1.2.840.10008.5.1.4.1.1.7',
      sopInstanceUid: '1.2.3',
      transferSyntax: '1.2.840.10008.1.2',
      callingAet: 'CT1',
    });
    const elements = readRawElements(meta, ['00020003', '00020010', '00020016']);
    expect(Buffer.from(elements.get('00020010')!).toString('latin1')).toBe('1.2.840.10008.1.2\0');
    expect(Buffer.from(elements.get('00020016')!).toString('latin1')).toBe('CT1 ');
    expect(meta.readUInt32LE(140)).toBe(meta.length - 144);
  });
});
