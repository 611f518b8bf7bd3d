/**
 * Small, distinct, realistic studies for list benchmarks: patient names from common surnames and
 * given names, study dates over ten years, several modalities.
 */
import { tinyStudy } from '../test/harness/dicom.ts';

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

export function syntheticStudy(index: number): Buffer {
  const day = new Date(Date.UTC(2016, 0, 1) + ((index * 7919) % 3650) * 86_400_000);
  return tinyStudy({
    seed: `bench-${index}`,
    studyDate: day.toISOString().slice(0, 10).replace(/-/g, ''),
    studyTime: String(80000 + ((index * 37) % 100000)).padStart(6, '0'),
    accessionNumber: `B${index}`,
    modality: MODALITIES[index % MODALITIES.length],
    patientName: `${SURNAMES[index % SURNAMES.length]}^${GIVEN[Math.floor(index / SURNAMES.length) % GIVEN.length]}`,
    patientId: `P${String(index).padStart(7, '0')}`,
    sex: index % 2 ? 'F' : 'M',
    studyDescription: `Bench study ${index}`,
  });
}
