import { describe, expect, it } from 'vitest';
import { PduError } from '../dicom-front/pdu.ts';
import { arrived, parseAssociateAc, readPart10, ScuError } from './scu.ts';

/** A Part 10 file: preamble, DICM, the given group 0002 elements (explicit VR little endian), then `dataSet`. */
function part10(elements: [number, string, string][], dataSet = Buffer.from([8, 0, 0x18, 0, 0x55, 0x49, 2, 0, 0x31, 0])): Buffer {
  const parts = [Buffer.alloc(128), Buffer.from('DICM', 'latin1')];
  for (const [element, vr, value] of elements) {
    const bytes = Buffer.from(value.length % 2 ? `${value}\0` : value, 'latin1');
    const head = Buffer.alloc(8);
    head.writeUInt16LE(2, 0);
    head.writeUInt16LE(element, 2);
    head.write(vr, 4, 'latin1');
    head.writeUInt16LE(bytes.length, 6);
    parts.push(head, bytes);
  }
  return Buffer.concat([...parts, dataSet]);
}

const META: [number, string, string][] = [
  [0x0002, 'UI', '1.2.840.10008.5.1.4.1.1.2'],
  [0x0003, 'UI', '1.2.3.4'],
  [0x0010, 'UI', '1.2.840.10008.1.2.1'],
];

describe('readPart10', () => {
  it('reads the SOP class, instance and transfer syntax, and gives the data set after the meta group', () => {
    const file = readPart10(part10(META));
    expect(file).toMatchObject({
      sopClassUid: '1.2.840.10008.5.1.4.1.1.2',
      sopInstanceUid: '1.2.3.4',
      transferSyntax: '1.2.840.10008.1.2.1',
    });
    expect(file.dataSet.readUInt16LE(0)).toBe(8);
  });

  it('refuses what is not a whole Part 10 file without reading past its end', () => {
    expect(() => readPart10(Buffer.from('not dicom'))).toThrow(ScuError);
    expect(() => readPart10(part10(META.slice(0, 2)))).toThrow(/without SOP class, instance or transfer syntax/);
    const truncated = part10(META).subarray(0, 150);
    expect(() => readPart10(truncated)).toThrow(ScuError);
  });
});

describe('parseAssociateAc', () => {
  const proposals = [{ id: 1, sopClassUid: '1.2.840.10008.5.1.4.1.1.2', transferSyntaxes: ['1.2.840.10008.1.2.1'] }];
  const item = (type: number, body: Buffer) => Buffer.concat([Buffer.from([type, 0, body.length >> 8, body.length & 0xff]), body]);

  it('keeps accepted contexts and the peer’s maximum PDU', () => {
    const max = Buffer.alloc(4);
    max.writeUInt32BE(16384, 0);
    const body = Buffer.concat([
      Buffer.alloc(68),
      item(0x21, Buffer.concat([Buffer.from([1, 0, 0, 0]), item(0x40, Buffer.from('1.2.840.10008.1.2.1'))])),
      item(0x50, item(0x51, max)),
    ]);
    const accepted = parseAssociateAc(body, proposals);
    expect(accepted.maxPdu).toBe(16384);
    expect(accepted.contexts.get('1.2.840.10008.5.1.4.1.1.2|1.2.840.10008.1.2.1')).toBe(1);
  });

  it('drops a refused context and refuses an item longer than the PDU', () => {
    const refused = Buffer.concat([
      Buffer.alloc(68),
      item(0x21, Buffer.concat([Buffer.from([1, 0, 3, 0]), item(0x40, Buffer.from('1.2.840.10008.1.2.1'))])),
    ]);
    expect(parseAssociateAc(refused, proposals).contexts.size).toBe(0);
    const long = Buffer.concat([Buffer.alloc(68), Buffer.from([0x21, 0, 0xff, 0xff, 1, 0])]);
    expect(() => parseAssociateAc(long, proposals)).toThrow(PduError);
  });
});

describe('arrived', () => {
  it('counts success and warnings, not failures or files never sent', () => {
    expect([0, 1, 0xb000, 0xb007, 0xa700, 0xc000, 0x0122, null].map(arrived)).toEqual([true, true, true, true, false, false, false, false]);
  });
});
