import { readFileSync } from 'node:fs';
import dcmjs from 'dcmjs';
import { describe, expect, it } from 'vitest';
import { decodePreview } from './preview-image.ts';

const PYDICOM = '/usr/lib/python3/dist-packages/pydicom/data/test_files';

function sample(name: string): ArrayBuffer {
  const bytes = readFileSync(`${PYDICOM}/${name}`);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
}

/** The part of dcmjs's writer used here (the client's own declaration covers only what it reads). */
interface DcmjsWriter {
  DicomDict: new (meta: unknown) => { dict: unknown; write(): ArrayBuffer };
  DicomMetaDictionary: { denaturalizeDataset(dataset: Record<string, unknown>): unknown };
}

/** A 4×1 signed 16-bit image in explicit VR little endian, written by dcmjs. */
function fourPixels(values: number[], extra: Record<string, unknown>): ArrayBuffer {
  const { DicomDict, DicomMetaDictionary } = (dcmjs as unknown as { data: DcmjsWriter }).data;
  const dict = new DicomDict(
    DicomMetaDictionary.denaturalizeDataset({
      FileMetaInformationVersion: Uint8Array.of(0, 1).buffer,
      MediaStorageSOPClassUID: '1.2.840.10008.5.1.4.1.1.2',
      MediaStorageSOPInstanceUID: '1.2.3.4',
      TransferSyntaxUID: '1.2.840.10008.1.2.1',
    }),
  );
  dict.dict = DicomMetaDictionary.denaturalizeDataset({
    SOPClassUID: '1.2.840.10008.5.1.4.1.1.2',
    SOPInstanceUID: '1.2.3.4',
    Modality: 'CT',
    // A sequence before the pixels: the reader must step over it.
    ReferencedImageSequence: [{ ReferencedSOPClassUID: '1.2.3', ReferencedSOPInstanceUID: '1.2.3.5' }],
    SamplesPerPixel: 1,
    PhotometricInterpretation: 'MONOCHROME2',
    Rows: 1,
    Columns: 4,
    PixelSpacing: [0.5, 0.5],
    BitsAllocated: 16,
    BitsStored: 16,
    HighBit: 15,
    PixelRepresentation: 1,
    RescaleIntercept: 0,
    RescaleSlope: 1,
    ...extra,
    PixelData: [Int16Array.from(values).buffer],
    _vrMap: { PixelData: 'OW' },
  });
  return dict.write();
}

const grey = (rgba: Uint8ClampedArray) => Array.from({ length: rgba.length / 4 }, (_, at) => rgba[at * 4]!);

describe('decodePreview', () => {
  it('windows with the file’s first window, by the LINEAR function, after the rescale', () => {
    // Window 40/400: -160 and below black, 239 and above white, 40 in the middle.
    const image = decodePreview(fourPixels([-1000, 40, 0, 1000], { WindowCenter: [40, 300], WindowWidth: [400, 1500] }));
    expect(image).not.toBeNull();
    expect([image!.width, image!.height, image!.aspect]).toEqual([4, 1, 1]);
    expect(grey(image!.rgba)).toEqual([0, 128, 102, 255]);
    expect(image!.rgba[3]).toBe(255);
    const rescaled = decodePreview(fourPixels([-1000, 40, 0, 1000], { WindowCenter: 40, WindowWidth: 400, RescaleIntercept: -40 }));
    expect(grey(rescaled!.rgba)).toEqual([0, 102, 77, 255]);
  });

  it('inverts MONOCHROME1 and uses the value range without a window', () => {
    const image = decodePreview(fourPixels([0, 100, 50, 100], { PhotometricInterpretation: 'MONOCHROME1' }));
    // Range 0..100: window 50/100, so 50 shows as 129, inverted 126.
    expect(grey(image!.rgba)).toEqual([255, 0, 126, 0]);
  });

  it("reads pydicom's CT_small (no window: its full range)", () => {
    const image = decodePreview(sample('CT_small.dcm'));
    expect([image?.width, image?.height]).toEqual([128, 128]);
    const levels = grey(image!.rgba);
    expect(Math.min(...levels)).toBe(0);
    expect(Math.max(...levels)).toBe(255);
  });

  it('leaves compressed, colour and multi-frame files to the viewer', () => {
    for (const name of ['JPGExtended.dcm', 'SC_rgb_small_odd.dcm', 'MR_small_RLE.dcm', 'rtdose.dcm', 'MR_small_bigendian.dcm']) {
      expect(decodePreview(sample(name)), name).toBeNull();
    }
    expect(decodePreview(new ArrayBuffer(100))).toBeNull();
  });
});
