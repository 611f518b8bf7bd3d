/**
 * Projection radiographs drawn for tests: a lateral thorax of a dog (a row of vertebral bodies
 * and a heart) for the VHS tool, and mammography views whose ViewPosition and ImageLaterality say
 * what the description may not (hanging protocols). 8-bit MONOCHROME2 Part 10 files with the
 * attributes a DX or MG modality writes.
 */
import dcmjs from 'dcmjs';
import { uuidUid } from '../../scripts/demo/generate-ct.ts';

export interface RadiographOptions {
  /** Seed of the study's UIDs: the same seed gives the same study. */
  studySeed: string;
  /** Seed of the series' and instance's UIDs. */
  seed: string;
  modality: 'DX' | 'CR' | 'MG';
  patientName: string;
  patientId: string;
  rows: number;
  columns: number;
  /** PixelSpacing, mm: [between rows, between columns]. */
  spacing: [number, number];
  seriesNumber: number;
  seriesDescription?: string;
  studyDescription?: string;
  viewPosition?: string;
  imageLaterality?: string;
  bodyPart?: string;
  /** PatientSpeciesDescription (0010,2201), as a veterinary modality writes it. */
  species?: string;
  /** The grey level (0–255) of pixel (column, row). */
  pixel: (column: number, row: number) => number;
}

const DIGITAL_X_RAY = '1.2.840.10008.5.1.4.1.1.1.1';
const DIGITAL_MAMMOGRAPHY = '1.2.840.10008.5.1.4.1.1.1.2';

export function radiograph(options: RadiographOptions): Buffer {
  const { DicomDict, DicomMetaDictionary } = dcmjs.data;
  const sopClass = options.modality === 'MG' ? DIGITAL_MAMMOGRAPHY : DIGITAL_X_RAY;
  const sop = uuidUid(options.seed, 'instance');
  const pixels = new Uint8Array(options.rows * options.columns);
  for (let row = 0; row < options.rows; row++)
    for (let column = 0; column < options.columns; column++)
      pixels[row * options.columns + column] = Math.max(0, Math.min(255, Math.round(options.pixel(column, row))));
  const dict = new DicomDict(
    DicomMetaDictionary.denaturalizeDataset({
      FileMetaInformationVersion: Uint8Array.of(0, 1).buffer,
      MediaStorageSOPClassUID: sopClass,
      MediaStorageSOPInstanceUID: sop,
      TransferSyntaxUID: '1.2.840.10008.1.2.1',
      ImplementationClassUID: uuidUid('pacs-tests', 'implementation'),
    }),
  );
  dict.dict = DicomMetaDictionary.denaturalizeDataset({
    SpecificCharacterSet: 'ISO_IR 192',
    SOPClassUID: sopClass,
    SOPInstanceUID: sop,
    StudyDate: '20240301',
    StudyTime: '093000',
    Modality: options.modality,
    PatientName: options.patientName,
    PatientID: options.patientId,
    PatientBirthDate: '20180101',
    PatientSex: 'F',
    StudyDescription: options.studyDescription ?? '',
    SeriesDescription: options.seriesDescription ?? '',
    ...(options.bodyPart ? { BodyPartExamined: options.bodyPart } : {}),
    ...(options.species ? { PatientSpeciesDescription: options.species } : {}),
    ...(options.viewPosition ? { ViewPosition: options.viewPosition } : {}),
    ...(options.imageLaterality ? { ImageLaterality: options.imageLaterality } : {}),
    StudyInstanceUID: uuidUid(options.studySeed, 'study'),
    SeriesInstanceUID: uuidUid(options.seed, 'series'),
    StudyID: '1',
    SeriesNumber: options.seriesNumber,
    InstanceNumber: 1,
    PixelSpacing: options.spacing,
    SamplesPerPixel: 1,
    PhotometricInterpretation: 'MONOCHROME2',
    Rows: options.rows,
    Columns: options.columns,
    BitsAllocated: 8,
    BitsStored: 8,
    HighBit: 7,
    PixelRepresentation: 0,
    WindowCenter: 128,
    WindowWidth: 256,
    PixelData: [pixels.buffer],
    _vrMap: { PixelData: 'OB' },
  });
  return Buffer.from(dict.write());
}

/** The study UID of a seed. */
export function radiographStudyUid(studySeed: string): string {
  return uuidUid(studySeed, 'study');
}

/** Where the thorax phantom draws its parts (image pixels), so a test can measure them. */
export const THORAX = {
  rows: 480,
  columns: 640,
  /** Vertebral bodies along the top, each `length` pixels with a `gap` after it, from T1 at `x0`. */
  spine: { y: 110, height: 40, x0: 150, length: 44, gap: 8, count: 9 },
  heart: { cx: 250, cy: 315, rx: 150, ry: 110 },
} as const;

/** Grey level of the lateral thorax phantom at a pixel. */
export function thoraxPixel(column: number, row: number): number {
  const { spine, heart } = THORAX;
  const inHeart = ((column - heart.cx) / heart.rx) ** 2 + ((row - heart.cy) / heart.ry) ** 2 <= 1;
  if (inHeart) return 170;
  const along = column - spine.x0;
  const pitch = spine.length + spine.gap;
  const inSpine =
    row >= spine.y && row < spine.y + spine.height && along >= 0 && along < pitch * spine.count && along % pitch < spine.length;
  if (inSpine) return 230;
  // Lungs dark, the body wall brighter towards the edges.
  return 40 + 60 * (Math.abs(row - THORAX.rows / 2) / THORAX.rows);
}
