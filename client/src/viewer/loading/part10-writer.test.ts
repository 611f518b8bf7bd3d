import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dcmjs from 'dcmjs';
import dicomParser from 'dicom-parser';
import { describe, expect, it } from 'vitest';
import { writePart10, type JsonDataSet } from './part10-writer.ts';

const SAMPLES = '/usr/lib/python3/dist-packages/pydicom/data/test_files';
const BINARY = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'UN']);

interface Read {
  meta: Record<string, { vr: string; Value?: unknown[] }>;
  dict: Record<string, { vr: string; Value?: unknown[] }>;
}

function read(bytes: ArrayBuffer): Read {
  return (dcmjs.data.DicomMessage as unknown as { readFile(b: ArrayBuffer): Read }).readFile(bytes);
}

function arrayBuffer(path: string): ArrayBuffer {
  const bytes = readFileSync(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
}

/** A sample as the proxy gives it: its data set as DICOM JSON (binary inline) and its frames. */
function asDicomweb(path: string): { dataSet: JsonDataSet; frames: Uint8Array[]; syntax: string } {
  const { meta, dict } = read(arrayBuffer(path));
  const dataSet: JsonDataSet = {};
  const convert = (set: Read['dict']): JsonDataSet =>
    Object.fromEntries(
      Object.entries(set).map(([tag, element]) => [
        tag,
        element.vr === 'SQ'
          ? { vr: 'SQ', Value: (element.Value ?? []).map((item) => convert(item as Read['dict'])) }
          : BINARY.has(element.vr)
            ? { vr: element.vr, InlineBinary: Buffer.from(element.Value?.[0] as ArrayBuffer).toString('base64') }
            : element,
      ]),
    );
  Object.assign(dataSet, convert(dict));
  const pixels = (dict['7FE00010']?.Value ?? []) as ArrayBuffer[];
  dataSet['7FE00010'] = { vr: 'OB', BulkDataURI: 'http://example/bulk' };
  return { dataSet, frames: pixels.map((frame) => new Uint8Array(frame)), syntax: String(meta['00020010']?.Value?.[0]) };
}

function dcmdump(bytes: ArrayBuffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'part10-writer-'));
  const file = join(dir, 'out.dcm');
  writeFileSync(file, Buffer.from(bytes));
  const run = spawnSync('dcmdump', ['+E', file], { encoding: 'utf8' });
  return run.stdout + run.stderr;
}

describe('writePart10', () => {
  it('writes an encapsulated (JPEG-LS) file that dicom-parser and dcmtk read back', () => {
    const { dataSet, frames, syntax } = asDicomweb(`${SAMPLES}/MR_small_jpeg_ls_lossless.dcm`);
    const file = writePart10(dataSet, { syntax, frames });
    const parsed = dicomParser.parseDicom(new Uint8Array(file));
    expect(parsed.string('x00020010')).toBe('1.2.840.10008.1.2.4.80');
    expect(parsed.uint16('x00280010')).toBe(64);
    const element = parsed.elements.x7fe00010!;
    const frame = dicomParser.readEncapsulatedImageFrame(parsed, element, 0);
    expect(Buffer.from(frame).equals(Buffer.from(frames[0]!))).toBe(true);
    const dump = dcmdump(file);
    expect(dump).not.toMatch(/E: /);
    expect(dump).toContain('JPEGLSLossless');
  });

  it.each([
    ['CT_small.dcm', 1],
    ['rtdose.dcm', 15],
    ['SC_rgb_rle_2frame.dcm', 2],
    ['MR_small_bigendian.dcm', 1],
  ])('writes %s back with the same elements and pixels', (name, frameCount) => {
    const { dataSet, frames, syntax } = asDicomweb(`${SAMPLES}/${name}`);
    // Native syntaxes come as one frame each from the proxy; dcmjs gives native pixel data whole.
    const native = !syntax.startsWith('1.2.840.10008.1.2.4') && syntax !== '1.2.840.10008.1.2.5';
    const file = writePart10(dataSet, { syntax: native ? '1.2.840.10008.1.2.1' : syntax, frames });
    const original = read(arrayBuffer(`${SAMPLES}/${name}`)).dict;
    const written = read(file).dict;
    // vr and Value only (dcmjs keeps the raw text of numbers beside them).
    const comparable = (element: unknown): unknown =>
      JSON.parse(
        JSON.stringify(element, (key, value: unknown) =>
          key.startsWith('_') ? undefined : value instanceof ArrayBuffer ? Buffer.from(value).toString('base64') : value,
        ),
      );
    for (const [tag, element] of Object.entries(original)) {
      if (tag === '00080005') continue;
      // Big endian values are compared as numbers; bytes of big-endian binary elements differ.
      if (name.includes('bigendian') && BINARY.has(element.vr)) continue;
      expect(comparable(written[tag]), `${name} ${tag}`).toEqual(comparable(element));
    }
    expect(written['00080005']?.Value).toEqual(['ISO_IR 192']);
    const parsed = dicomParser.parseDicom(new Uint8Array(file));
    expect(Number(parsed.string('x00280008') ?? 1)).toBe(frameCount);
    expect(dcmdump(file)).not.toMatch(/E: /);
  });

  it('writes person names with all their groups, nested sequences and tags', () => {
    const dataSet: JsonDataSet = {
      '00080016': { vr: 'UI', Value: ['1.2.840.10008.5.1.4.1.1.7'] },
      '00080018': { vr: 'UI', Value: ['1.2.3.4'] },
      '00080090': { vr: 'PN', Value: [{ Alphabetic: 'Yamada^Tarou', Ideographic: '山田^太郎', Phonetic: 'やまだ^たろう' }] },
      '00081110': { vr: 'SQ', Value: [{ '00081150': { vr: 'UI', Value: ['1.2.3'] }, '00200013': { vr: 'IS', Value: [7] } }] },
      '00209165': { vr: 'AT', Value: ['00200032', '0028000A'] },
      '00280030': { vr: 'DS', Value: [0.5, 0.25] },
      '00281050': { vr: 'DS' },
    };
    const parsed = dicomParser.parseDicom(new Uint8Array(writePart10(dataSet, null)));
    expect(parsed.string('x00020010')).toBe('1.2.840.10008.1.2.1');
    expect(
      new TextDecoder()
        .decode(
          parsed.byteArray.subarray(
            parsed.elements.x00080090!.dataOffset,
            parsed.elements.x00080090!.dataOffset + parsed.elements.x00080090!.length,
          ),
        )
        .trim(),
    ).toBe('Yamada^Tarou=山田^太郎=やまだ^たろう');
    expect(parsed.elements.x00081110?.items?.[0]?.dataSet?.string('x00081150')).toBe('1.2.3');
    expect([0, 1, 2, 3].map((at) => parsed.uint16('x00209165', at))).toEqual([0x0020, 0x0032, 0x0028, 0x000a]);
    expect(parsed.string('x00280030')).toBe('0.5\\0.25');
    expect(parsed.elements.x00281050?.length).toBe(0);
  });
});
