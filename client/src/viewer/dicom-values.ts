/**
 * Attribute values of the image on screen for the overlay corners (spec 2 §3 viewer overlay
 * items name DICOM attributes by keyword). Read from the data set the DICOM image loader already
 * parsed for the image, so the overlay costs no request.
 */
import { wadouri } from '@cornerstonejs/dicom-image-loader';

/** Keywords the overlay settings may name, with their tags in dicom-parser's `xggggeeee` form. */
const TAGS: Record<string, string> = {
  PatientName: 'x00100010',
  PatientID: 'x00100020',
  PatientBirthDate: 'x00100030',
  PatientSex: 'x00100040',
  PatientAge: 'x00101010',
  PatientSpeciesDescription: 'x00102201',
  InstitutionName: 'x00080080',
  StudyDescription: 'x00081030',
  StudyDate: 'x00080020',
  StudyTime: 'x00080030',
  AccessionNumber: 'x00080050',
  Modality: 'x00080060',
  Manufacturer: 'x00080070',
  ReferringPhysicianName: 'x00080090',
  SeriesNumber: 'x00200011',
  SeriesDescription: 'x0008103e',
  InstanceNumber: 'x00200013',
  SliceThickness: 'x00180050',
  SliceLocation: 'x00201041',
  BodyPartExamined: 'x00180015',
  KVP: 'x00180060',
  ProtocolName: 'x00181030',
  AcquisitionDate: 'x00080022',
  ContentDate: 'x00080023',
  PixelSpacing: 'x00280030',
  ImageOrientationPatient: 'x00200037',
};

/** The value of `keyword` in the image's file, '' when unknown or not loaded yet. */
export function attributeOf(imageId: string | null, keyword: string): string {
  const tag = TAGS[keyword];
  if (!imageId || !tag || !imageId.startsWith('wadouri:')) return '';
  try {
    const { url } = wadouri.parseImageId(imageId);
    const dataSet = wadouri.dataSetCacheManager.get(url) as { string(tag: string): string | undefined } | undefined;
    return dataSet?.string(tag)?.trim() ?? '';
  } catch {
    return '';
  }
}

/** A multi-valued numeric attribute (e.g. PixelSpacing) of the image's file; null when absent. */
export function numbersOf(imageId: string, keyword: string): number[] | null {
  const text = attributeOf(imageId, keyword);
  if (!text) return null;
  return text.split('\\').map((value) => Number(value));
}
