import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileTransferSyntax, readRawElements, readRawSequenceItems } from './raw.ts';

type Syntax = 'implicit LE' | 'explicit LE' | 'explicit BE';

const LONG_VRS = new Set(['OB', 'OW', 'SQ', 'UN', 'UT']);
const UNDEFINED = 0xffffffff;

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

function text(bytes: Uint8Array | undefined): string | undefined {
  return bytes && String.fromCharCode(...bytes);
}

/** A test-only encoder of one element in the given syntax (length UNDEFINED writes 0xFFFFFFFF). */
function element(syntax: Syntax, tag: number, vr: string, value: Uint8Array, length = value.length): Uint8Array {
  const little = syntax !== 'explicit BE';
  const header = new DataView(new ArrayBuffer(12));
  header.setUint16(0, tag >>> 16, little);
  header.setUint16(2, tag & 0xffff, little);
  let size = 8;
  if (syntax === 'implicit LE' || tag >>> 16 === 0xfffe) {
    header.setUint32(4, length, little);
  } else {
    header.setUint8(4, vr.charCodeAt(0));
    header.setUint8(5, vr.charCodeAt(1));
    if (LONG_VRS.has(vr)) {
      header.setUint32(8, length, little);
      size = 12;
    } else {
      header.setUint16(6, length, little);
    }
  }
  return concat(new Uint8Array(header.buffer, 0, size), value);
}

function item(syntax: Syntax, content: Uint8Array, undefinedLength: boolean): Uint8Array {
  if (!undefinedLength) return element(syntax, 0xfffee000, '', content);
  return concat(element(syntax, 0xfffee000, '', content, UNDEFINED), element(syntax, 0xfffee00d, '', new Uint8Array()));
}

function sequence(syntax: Syntax, tag: number, items: Uint8Array[], undefinedLength: boolean, vr = 'SQ'): Uint8Array {
  const content = concat(...items);
  if (!undefinedLength) return element(syntax, tag, vr, content);
  return concat(element(syntax, tag, vr, content, UNDEFINED), element(syntax, 0xfffee0dd, '', new Uint8Array()));
}

/** A Part 10 file: preamble, DICM, group 2 in explicit LE, then the dataset. */
function part10(transferSyntax: string, dataset: Uint8Array): Uint8Array {
  const uid = transferSyntax.length % 2 === 0 ? transferSyntax : `${transferSyntax}\0`;
  const meta = element('explicit LE', 0x00020010, 'UI', ascii(uid));
  const groupLength = element('explicit LE', 0x00020000, 'UL', Uint8Array.of(meta.length, 0, 0, 0));
  return concat(new Uint8Array(128), ascii('DICM'), groupLength, meta, dataset);
}

const SYNTAX_UIDS: Record<Syntax, string> = {
  'implicit LE': '1.2.840.10008.1.2',
  'explicit LE': '1.2.840.10008.1.2.1',
  'explicit BE': '1.2.840.10008.1.2.2',
};

/**
 * A dataset that exercises every way of skipping: a sequence of undefined length holding an item
 * of undefined length that nests another sequence (defined length), then a name at the top level,
 * encapsulated pixel data whose fragment contains delimiter-like bytes, then trailing padding.
 */
function nestedDataset(syntax: Syntax, undefinedLengths: boolean): Uint8Array {
  const innerItem = item(syntax, element(syntax, 0x00100010, 'PN', ascii('Inner^Name')), false);
  const firstItem = concat(
    element(syntax, 0x00081150, 'UI', ascii('1.2.3.4.')),
    sequence(syntax, 0x00081140, [innerItem], undefinedLengths),
    element(syntax, 0x00100010, 'PN', ascii('Item^Name ')),
  );
  const secondItem = element(syntax, 0x00081150, 'UI', ascii('5.6.7.8.'));
  const parts = [
    element(syntax, 0x00080005, 'CS', ascii('ISO_IR 100')),
    sequence(syntax, 0x00081115, [item(syntax, firstItem, undefinedLengths), item(syntax, secondItem, false)], undefinedLengths),
    element(syntax, 0x00100010, 'PN', ascii('Outer^Name')),
  ];
  if (syntax !== 'implicit LE') {
    // Fragments end by their length, so bytes that look like a Sequence Delimiter inside one are data.
    const fragment = Uint8Array.of(0xfe, 0xff, 0xdd, 0xe0, 0, 0, 0, 0);
    const pixels = concat(element(syntax, 0xfffee000, '', new Uint8Array()), element(syntax, 0xfffee000, '', fragment));
    parts.push(concat(element(syntax, 0x7fe00010, 'OB', pixels, UNDEFINED), element(syntax, 0xfffee0dd, '', new Uint8Array())));
  }
  parts.push(element(syntax, 0xfffcfffc, 'OB', ascii('PADDING!')));
  return concat(...parts);
}

describe('readRawElements on hand-made datasets', () => {
  for (const syntax of ['implicit LE', 'explicit LE', 'explicit BE'] as const) {
    for (const undefinedLengths of [true, false]) {
      it(`${syntax}, sequences of ${undefinedLengths ? 'undefined' : 'defined'} length`, () => {
        const file = part10(SYNTAX_UIDS[syntax], nestedDataset(syntax, undefinedLengths));
        const found = readRawElements(file, ['0008,0005', '0010,0010', 'FFFC,FFFC', '0008,1150', '0002,0010']);
        expect(text(found.get('0008,0005'))).toBe('ISO_IR 100');
        expect(text(found.get('0010,0010'))).toBe('Outer^Name');
        expect(text(found.get('FFFC,FFFC'))).toBe('PADDING!');
        expect(found.has('0008,1150')).toBe(false); // only inside the items
        expect(text(found.get('0002,0010'))?.replace(/\0$/u, '')).toBe(SYNTAX_UIDS[syntax]);

        const items = readRawSequenceItems(file, '0008,1115', ['0008,1150', '0010,0010']);
        expect(items.map((entry) => text(entry.get('0008,1150')))).toEqual(['1.2.3.4.', '5.6.7.8.']);
        expect(items.map((entry) => text(entry.get('0010,0010')))).toEqual(['Item^Name ', undefined]);
      });
    }
  }

  it('reads a dataset without File Meta, guessing the syntax', () => {
    for (const syntax of ['implicit LE', 'explicit LE', 'explicit BE'] as const) {
      expect(text(readRawElements(nestedDataset(syntax, true), ['0010,0010']).get('0010,0010'))).toBe('Outer^Name');
    }
  });

  it('skips a UN element of undefined length, whose items are implicit VR little endian', () => {
    const implicitItem = item('implicit LE', element('implicit LE', 0x00100010, 'PN', ascii('Hidden')), true);
    const dataset = concat(
      element('explicit LE', 0x00080005, 'CS', ascii('ISO_IR 100')),
      sequence('explicit LE', 0x00091010, [implicitItem], true, 'UN'),
      element('explicit LE', 0x00100010, 'PN', ascii('Shown ')),
    );
    const file = part10(SYNTAX_UIDS['explicit LE'], dataset);
    expect(text(readRawElements(file, ['0010,0010']).get('0010,0010'))).toBe('Shown ');
    const [only] = readRawSequenceItems(file, '0009,1010', ['0010,0010']);
    expect(text(only?.get('0010,0010'))).toBe('Hidden');
  });

  it('accepts the usual spellings of a tag and keys the result by the spelling given', () => {
    const file = part10(SYNTAX_UIDS['explicit LE'], nestedDataset('explicit LE', true));
    const found = readRawElements(file, ['00100010', '(0010,0010)', '0010-0010', '0010,0010']);
    expect([...found.keys()].sort()).toEqual(['(0010,0010)', '0010,0010', '0010-0010', '00100010']);
    expect(() => readRawElements(file, ['PatientName'])).toThrow(/Not a DICOM tag/u);
  });

  it('returns what precedes a truncation', () => {
    const file = part10(SYNTAX_UIDS['explicit LE'], nestedDataset('explicit LE', true));
    const cut = file.subarray(0, file.length - 4); // inside the trailing padding value
    const found = readRawElements(cut, ['0010,0010', 'FFFC,FFFC']);
    expect(text(found.get('0010,0010'))).toBe('Outer^Name');
    expect(found.has('FFFC,FFFC')).toBe(false);
    expect(readRawElements(new Uint8Array(0), ['0010,0010']).size).toBe(0);
  });
});

// pydicom's sample files, one per syntax; the facts are what dcmdump prints for them.
const TEST_FILES = '/usr/lib/python3/dist-packages/pydicom/data/test_files';

describe.skipIf(!existsSync(TEST_FILES))('readRawElements on pydicom test_files', () => {
  const read = (file: string, tags: string[]): Map<string, Uint8Array> =>
    readRawElements(new Uint8Array(readFileSync(`${TEST_FILES}/${file}`)), tags);
  const rows = (found: Map<string, Uint8Array>, little: boolean): number | undefined => {
    const value = found.get('0028,0010');
    return value && new DataView(value.buffer, value.byteOffset, value.byteLength).getUint16(0, little);
  };

  it.each([
    ['CT_small.dcm', 'CompressedSamples^CT1', 128, true],
    ['MR_small.dcm', 'CompressedSamples^MR1', 64, true],
    ['MR_small_implicit.dcm', 'CompressedSamples^MR1', 64, true],
    ['MR_small_bigendian.dcm', 'CompressedSamples^MR1', 64, false],
    ['MR_small_RLE.dcm', 'CompressedSamples^MR1', 64, true],
    ['JPEG2000.dcm', 'CompressedSamples^NM1', 1024, true],
    ['image_dfl.dcm', '^^^^', 512, true], // deflated explicit VR little endian
    ['SC_rgb_jpeg.dcm', '', 256, true], // declares JPEG but is written in implicit VR
    ['liver_expb_1frame.dcm', 'JANCT000', 512, false],
  ] as const)('%s', (file, name, rowCount, little) => {
    const found = read(file, ['0010,0010', '0028,0010']);
    expect(text(found.get('0010,0010'))?.trimEnd()).toBe(name);
    expect(rows(found, little)).toBe(rowCount);
  });

  it('reads files without File Meta', () => {
    for (const file of ['ExplVR_BigEndNoMeta.dcm', 'ExplVR_LitEndNoMeta.dcm']) {
      const found = read(file, ['0008,0005', '0008,0016']);
      expect(text(found.get('0008,0005'))).toBe('ISO_IR 100');
      expect(text(found.get('0008,0016'))?.replace(/\0$/u, '')).toBe('1.2.840.10008.5.1.4.1.1.481.8');
    }
  });

  it('reads past sequences (rtplan) and stops cleanly in a truncated copy', () => {
    // (300A,00B0) Beam Sequence follows several sequences; rtplan_truncated is cut inside it.
    expect(read('rtplan.dcm', ['300A,00B0']).get('300A,00B0')?.length).toBe(976);
    const truncated = read('rtplan_truncated.dcm', ['0010,0010', '300A,00B0']);
    expect(text(truncated.get('0010,0010'))).toBe('Last^First^mid^pre');
    expect(truncated.has('300A,00B0')).toBe(false);
  });
});

describe.skipIf(!existsSync(TEST_FILES))('fileTransferSyntax', () => {
  const head = (file: string, bytes: number) => new Uint8Array(readFileSync(`${TEST_FILES}/${file}`)).subarray(0, bytes);

  it("reads the meta header's syntax from a file's first bytes", () => {
    expect(fileTransferSyntax(head('CT_small.dcm', 16 * 1024))).toBe('1.2.840.10008.1.2.1');
    expect(fileTransferSyntax(head('JPGExtended.dcm', 16 * 1024))).toBe('1.2.840.10008.1.2.4.51');
    expect(fileTransferSyntax(head('image_dfl.dcm', 16 * 1024))).toBe('1.2.840.10008.1.2.1.99');
  });

  it('answers undefined without a meta header, and for a head cut inside it', () => {
    expect(fileTransferSyntax(head('ExplVR_LitEndNoMeta.dcm', 16 * 1024))).toBeUndefined();
    expect(fileTransferSyntax(head('CT_small.dcm', 150))).toBeUndefined();
    expect(fileTransferSyntax(new Uint8Array(0))).toBeUndefined();
  });
});
