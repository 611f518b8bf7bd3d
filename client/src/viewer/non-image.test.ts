import { readFileSync } from 'node:fs';
import dcmjs from 'dcmjs';
import { describe, expect, it } from 'vitest';
import { describeDicomFile, type SrItem } from './non-image.ts';
import { tracePoints } from './waveform-trace.ts';

const PYDICOM = '/usr/lib/python3/dist-packages/pydicom/data/test_files';

function sample(name: string): ArrayBuffer {
  const bytes = readFileSync(`${PYDICOM}/${name}`);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
}

function flatten(items: readonly SrItem[], depth = 0): string[] {
  return items.flatMap((item) => [`${'  '.repeat(depth)}${item.concept}: ${item.value}`.trimEnd(), ...flatten(item.children, depth + 1)]);
}

describe('objects without an image', () => {
  it('reads a structured report as its content tree: concept names, values, units and nesting', () => {
    const object = describeDicomFile(sample('test-SR.dcm'));
    expect(object?.kind).toBe('structured_report');
    if (object?.kind !== 'structured_report') return;
    const lines = flatten(object.items);
    expect(lines).toContain('Some UID: 1.2.3.4.5');
    expect(lines).toContain('  Text Code: A mass of');
    expect(lines).toContain('    Code: Sample Code 1');
    expect(lines).toContain('  Diameter: 3 cm');
    expect(object.header['00080016']?.Value).toEqual(['1.2.840.10008.5.1.4.1.1.88.33']);
  });

  it('reads an ECG as channels scaled by their sensitivity, with labels and the sampling frequency', () => {
    const object = describeDicomFile(sample('waveform_ecg.dcm'));
    expect(object?.kind).toBe('waveform');
    if (object?.kind !== 'waveform') return;
    expect(object.ecg).toBe(true);
    const [rhythm] = object.groups;
    expect(rhythm?.label).toBe('RHYTHM');
    expect(rhythm?.samplingFrequency).toBe(1000);
    expect(rhythm?.channels).toHaveLength(12);
    expect(rhythm?.channels[0]?.label).toBe('Lead I (Einthoven)');
    expect(rhythm?.channels[0]?.unit).toBe('uV');
    expect(rhythm?.channels[0]?.values).toHaveLength(10000);
    // Stored values × 1.25 µV: a real ECG stays within a few millivolts.
    const peak = Math.max(...Array.from(rhythm!.channels[0]!.values, Math.abs));
    expect(peak).toBeGreaterThan(100);
    expect(peak).toBeLessThan(5000);
    // The header is there too, binary values marked.
    expect(object.header['54000100']?.vr).toBe('SQ');
  });

  it('says null for an image (pixel data present) and no_pixel_data for an image object without it', () => {
    expect(describeDicomFile(sample('CT_small.dcm'))).toBeNull();
    const bytes = readFileSync(`${PYDICOM}/CT_small.dcm`);
    // Cut the file before the pixel data element: the header stays, the image is gone.
    const cut = bytes.subarray(0, bytes.indexOf(Buffer.from([0xe0, 0x7f, 0x10, 0x00])));
    const object = describeDicomFile(cut.buffer.slice(cut.byteOffset, cut.byteOffset + cut.length));
    expect(object?.kind).toBe('no_pixel_data');
    expect(object?.header['00100010']?.Value).toEqual([{ Alphabetic: 'CompressedSamples^CT1' }]);
  });

  it('reads a CR without pixel data in ISO 2022 character sets (pydicom chrJapMulti) as no_pixel_data', () => {
    const bytes = readFileSync('/usr/lib/python3/dist-packages/pydicom/data/charset_files/chrJapMulti.dcm');
    const object = describeDicomFile(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
    expect(object?.kind).toBe('no_pixel_data');
    expect(object?.header['00080060']?.Value).toEqual(['CR']);
    // The file's own character set, and its Japanese name decoded.
    expect(object?.header['00080005']?.Value).toEqual(['', 'ISO 2022 IR 87']);
    expect(object?.header['00100010']?.Value).toEqual([{ Alphabetic: 'やまだ^たろう' }]);
  });

  it('reads an encapsulated PDF as its document, title and type, trimmed to the length it states', () => {
    // A value of odd length is padded to an even one in the file; the document is 13 bytes.
    const document = new TextEncoder().encode('%PDF-1.4 body');
    const padded = new Uint8Array(14);
    padded.set(document);
    const meta = {
      FileMetaInformationVersion: new Uint8Array([0, 1]).buffer,
      MediaStorageSOPClassUID: '1.2.840.10008.5.1.4.1.1.104.1',
      MediaStorageSOPInstanceUID: '1.2.3.4',
      TransferSyntaxUID: '1.2.840.10008.1.2.1',
      ImplementationClassUID: '1.2.3.4.5',
    };
    const file = new dcmjs.data.DicomDict(dcmjs.data.DicomMetaDictionary.denaturalizeDataset(meta));
    file.dict = dcmjs.data.DicomMetaDictionary.denaturalizeDataset({
      SOPClassUID: '1.2.840.10008.5.1.4.1.1.104.1',
      SOPInstanceUID: '1.2.3.4',
      Modality: 'DOC',
      DocumentTitle: 'Outside report',
      MIMETypeOfEncapsulatedDocument: 'application/pdf',
      EncapsulatedDocumentLength: document.length,
      EncapsulatedDocument: padded.buffer,
    });
    const object = describeDicomFile(file.write());
    expect(object?.kind).toBe('encapsulated_document');
    if (object?.kind !== 'encapsulated_document') return;
    expect(object.title).toBe('Outside report');
    expect(object.mimeType).toBe('application/pdf');
    expect(new TextDecoder().decode(object.document)).toBe('%PDF-1.4 body');
    expect(object.header['00420011']).toEqual({ vr: 'OB', InlineBinary: '' });
  });

  it('draws a trace at 25 mm/s and 10 mm/mV', () => {
    const values = new Float32Array([0, 1000, -500, 0]);
    const points = tracePoints({ label: 'II', unit: 'uV', values }, 5, 30).split(' ');
    // 5 samples per second: 5 mm per sample; 1000 µV = 1 mV = 10 mm up.
    expect(points).toEqual(['0.00,0.00', '5.00,-10.00', '10.00,5.00', '15.00,0.00']);
  });
});
