/**
 * Capture (issue "Viewer"): a PNG of the viewport becomes a DICOM Secondary Capture in the same
 * study, stored through Orthanc like any other instance. Patient and study tags come from the
 * index, where names are already decoded correctly, and are written in UTF-8.
 */
import { randomUUID } from 'node:crypto';
import dcmjs from 'dcmjs';
import { PNG } from 'pngjs';
import { AppError } from '../../http/errors.ts';
import { imageSize } from '../../http/image-size.ts';

const SECONDARY_CAPTURE = '1.2.840.10008.5.1.4.1.1.7';
const EXPLICIT_LITTLE = '1.2.840.10008.1.2.1';
/** Largest capture accepted: a 4K viewport. */
const MAX_PIXELS = 4096 * 4096;

/** A UID in the 2.25 arc from a random UUID (PS3.5 §B.2). */
export function newUid(): string {
  return `2.25.${BigInt(`0x${randomUUID().replace(/-/g, '')}`).toString()}`;
}

export interface CaptureStudy {
  StudyInstanceUID: string;
  PatientName: string;
  PatientID: string;
  PatientBirthDate: string;
  PatientSex: string;
  StudyDate: string;
  StudyTime: string;
  AccessionNumber: string;
  ReferringPhysicianName: string;
  StudyID: string;
  StudyDescription: string;
}

const notSupported = () => new AppError('validation_failed', { image: 'file format not supported' }, 'file format not supported');

/**
 * Refuses, from the PNG's header alone, what is not a PNG (400) or declares more pixels than a
 * capture may have (413): decoding first would cost memory in proportion to the declared size.
 */
export function checkCaptureSize(png: Uint8Array): void {
  const size = imageSize(png);
  if (size?.kind !== 'png') throw notSupported();
  if (size.width * size.height > MAX_PIXELS) throw new AppError('payload_too_large');
}

/** Decodes the PNG to RGB; an unreadable or oversized image is a 400 or 413. */
function rgbOf(png: Buffer): { width: number; height: number; rgb: Uint8Array } {
  checkCaptureSize(png);
  let image: PNG;
  try {
    image = PNG.sync.read(png);
  } catch {
    throw notSupported();
  }
  if (image.width * image.height > MAX_PIXELS) throw new AppError('payload_too_large');
  const rgb = new Uint8Array(image.width * image.height * 3);
  for (let i = 0, j = 0; i < image.data.length; i += 4, j += 3) {
    rgb[j] = image.data[i]!;
    rgb[j + 1] = image.data[i + 1]!;
    rgb[j + 2] = image.data[i + 2]!;
  }
  return { width: image.width, height: image.height, rgb };
}

export function secondaryCapture(
  study: CaptureStudy,
  png: Buffer,
  series: { number: number; description: string },
): { file: Buffer; seriesInstanceUid: string; sopInstanceUid: string } {
  const { width, height, rgb } = rgbOf(png);
  const seriesInstanceUid = newUid();
  const sopInstanceUid = newUid();
  const now = new Date();
  const date = now.toISOString().slice(0, 10).replace(/-/g, '');
  const time = now.toISOString().slice(11, 19).replace(/:/g, '');
  const { DicomDict, DicomMetaDictionary } = dcmjs.data;
  const dict = new DicomDict(
    DicomMetaDictionary.denaturalizeDataset({
      FileMetaInformationVersion: Uint8Array.of(0, 1).buffer,
      MediaStorageSOPClassUID: SECONDARY_CAPTURE,
      MediaStorageSOPInstanceUID: sopInstanceUid,
      TransferSyntaxUID: EXPLICIT_LITTLE,
      ImplementationClassUID: '2.25.210349327408562617263017516574916128461',
      ImplementationVersionName: 'OPEN_PACS_01',
    }),
  );
  dict.dict = DicomMetaDictionary.denaturalizeDataset({
    SpecificCharacterSet: 'ISO_IR 192',
    ImageType: ['DERIVED', 'SECONDARY'],
    SOPClassUID: SECONDARY_CAPTURE,
    SOPInstanceUID: sopInstanceUid,
    StudyDate: study.StudyDate,
    StudyTime: study.StudyTime,
    SeriesDate: date,
    SeriesTime: time,
    ContentDate: date,
    ContentTime: time,
    AccessionNumber: study.AccessionNumber,
    Modality: 'OT',
    ConversionType: 'WSD',
    ReferringPhysicianName: study.ReferringPhysicianName,
    StudyDescription: study.StudyDescription,
    SeriesDescription: series.description,
    PatientName: study.PatientName,
    PatientID: study.PatientID,
    PatientBirthDate: study.PatientBirthDate,
    PatientSex: study.PatientSex,
    StudyInstanceUID: study.StudyInstanceUID,
    SeriesInstanceUID: seriesInstanceUid,
    StudyID: study.StudyID,
    SeriesNumber: series.number,
    InstanceNumber: 1,
    SamplesPerPixel: 3,
    PhotometricInterpretation: 'RGB',
    PlanarConfiguration: 0,
    Rows: height,
    Columns: width,
    BitsAllocated: 8,
    BitsStored: 8,
    HighBit: 7,
    PixelRepresentation: 0,
    PixelData: [rgb.buffer],
    _vrMap: { PixelData: 'OB' },
  });
  return { file: Buffer.from(dict.write()), seriesInstanceUid, sopInstanceUid };
}
