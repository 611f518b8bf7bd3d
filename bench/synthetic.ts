/**
 * Small, distinct, realistic studies for list benchmarks: one 16×16 image each, patient names
 * from common surnames and given names, study dates over ten years, several modalities.
 */
import dcmjs from 'dcmjs';
import { uuidUid } from '../scripts/demo/generate-ct.ts';

const SURNAMES = [
  'SMITH',
  'JOHNSON',
  'WILLIAMS',
  'BROWN',
  'JONES',
  'GARCIA',
  'MILLER',
  'DAVIS',
  'RODRIGUEZ',
  'MARTINEZ',
  'HERNANDEZ',
  'LOPEZ',
  'GONZALEZ',
  'WILSON',
  'ANDERSON',
  'THOMAS',
  'TAYLOR',
  'MOORE',
  'JACKSON',
  'MARTIN',
  'LEE',
  'PEREZ',
  'THOMPSON',
  'WHITE',
  'HARRIS',
  'SANCHEZ',
  'CLARK',
  'RAMIREZ',
  'LEWIS',
  'ROBINSON',
  'WALKER',
  'YOUNG',
  'ALLEN',
  'KING',
  'WRIGHT',
  'SCOTT',
  'TORRES',
  'NGUYEN',
  'HILL',
  'FLORES',
];
const GIVEN = [
  'JAMES',
  'MARY',
  'ROBERT',
  'PATRICIA',
  'JOHN',
  'JENNIFER',
  'MICHAEL',
  'LINDA',
  'DAVID',
  'ELIZABETH',
  'WILLIAM',
  'BARBARA',
  'RICHARD',
  'SUSAN',
  'JOSEPH',
  'JESSICA',
  'THOMAS',
  'SARAH',
  'CHARLES',
  'KAREN',
];
const MODALITIES = ['CT', 'MR', 'CR', 'US', 'DX', 'MG', 'NM', 'PT'];
const SECONDARY_CAPTURE = '1.2.840.10008.5.1.4.1.1.7';

export function syntheticStudy(index: number): Buffer {
  const { DicomDict, DicomMetaDictionary } = dcmjs.data;
  const seed = `bench-${index}`;
  const day = new Date(Date.UTC(2016, 0, 1) + ((index * 7919) % 3650) * 86_400_000);
  const date = day.toISOString().slice(0, 10).replace(/-/g, '');
  const sop = uuidUid(seed, 'instance');
  const dict = new DicomDict(
    DicomMetaDictionary.denaturalizeDataset({
      FileMetaInformationVersion: Uint8Array.of(0, 1).buffer,
      MediaStorageSOPClassUID: SECONDARY_CAPTURE,
      MediaStorageSOPInstanceUID: sop,
      TransferSyntaxUID: '1.2.840.10008.1.2.1',
      ImplementationClassUID: uuidUid('pacs-bench', 'implementation'),
    }),
  );
  dict.dict = DicomMetaDictionary.denaturalizeDataset({
    SpecificCharacterSet: 'ISO_IR 100',
    SOPClassUID: SECONDARY_CAPTURE,
    SOPInstanceUID: sop,
    StudyDate: date,
    StudyTime: String(80000 + ((index * 37) % 100000)).padStart(6, '0'),
    AccessionNumber: `B${index}`,
    Modality: MODALITIES[index % MODALITIES.length],
    PatientName: `${SURNAMES[index % SURNAMES.length]}^${GIVEN[Math.floor(index / SURNAMES.length) % GIVEN.length]}`,
    PatientID: `P${String(index).padStart(7, '0')}`,
    PatientBirthDate: '19600101',
    PatientSex: index % 2 ? 'F' : 'M',
    StudyDescription: `Bench study ${index}`,
    StudyInstanceUID: uuidUid(seed, 'study'),
    SeriesInstanceUID: uuidUid(seed, 'series'),
    StudyID: String(index),
    SeriesNumber: 1,
    InstanceNumber: 1,
    SamplesPerPixel: 1,
    PhotometricInterpretation: 'MONOCHROME2',
    Rows: 16,
    Columns: 16,
    BitsAllocated: 8,
    BitsStored: 8,
    HighBit: 7,
    PixelRepresentation: 0,
    PixelData: [new Uint8Array(256).fill(index % 255).buffer],
    _vrMap: { PixelData: 'OB' },
  });
  return Buffer.from(dict.write());
}
