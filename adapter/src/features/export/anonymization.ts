/**
 * What an anonymized export does to each file (spec 2 §9 "Anonymization defaults"), as Orthanc's
 * POST /instances/{id}/modify body. The items are Type 2 attributes of the patient and study
 * modules: they are blanked (kept, empty) rather than removed, so every file stays valid. The
 * UIDs are kept, so the series of a study stay together (a bare modify would give each file new
 * ones). Overlay removes the overlay planes (groups 6000-601E).
 *
 * PatientID is the exception: a DICOMDIR's patient record needs one (Type 1), and dcmmkdir,
 * given files without one, invents a new patient for every file, which splits each series in the
 * directory. So PatientID becomes a pseudonym numbered within the export (ANON0001, ...), one per
 * original patient (docs/decisions.md "Export").
 */
import type { AnonymizationKey } from '@pacs/common';
import type { OrthancModification } from '../../orthanc/client.ts';

const BLANKED: Readonly<Partial<Record<AnonymizationKey, string>>> = {
  PatientName: 'PatientName',
  PatientBirthDate: 'PatientBirthDate',
  PatientAge: 'PatientAge',
  PatientSex: 'PatientSex',
  AccessionNumber: 'AccessionNumber',
  StudyID: 'StudyID',
  StudyDescription: 'StudyDescription',
};

/** The overlay attributes of PS3.3 C.9 (current and retired), in each of the 16 repeating groups. */
const OVERLAY_ELEMENTS = [
  '0010',
  '0011',
  '0012',
  '0015',
  '0022',
  '0040',
  '0045',
  '0050',
  '0051',
  '0060',
  '0100',
  '0102',
  '0110',
  '0200',
  '0800',
  '0802',
  '0803',
  '0804',
  '1001',
  '1100',
  '1101',
  '1102',
  '1103',
  '1200',
  '1201',
  '1202',
  '1203',
  '1301',
  '1302',
  '1303',
  '1500',
  '3000',
  '4000',
];

export const OVERLAY_TAGS: readonly string[] = Array.from({ length: 16 }, (_, at) => (0x6000 + 2 * at).toString(16).toUpperCase()).flatMap(
  (group) => OVERLAY_ELEMENTS.map((element) => `${group},${element}`),
);

/** The export's pseudonym for its n-th patient (1-based). */
export function patientPseudonym(n: number): string {
  return `ANON${String(n).padStart(4, '0')}`;
}

/** The modify body for one file; `pseudonym` replaces the PatientID when that item is enabled. */
export function modificationFor(keys: readonly AnonymizationKey[], pseudonym: string): OrthancModification {
  const replace: Record<string, string> = {};
  for (const key of keys) {
    const keyword = BLANKED[key];
    if (keyword) replace[keyword] = '';
  }
  if (keys.includes('PatientID')) replace.PatientID = pseudonym;
  return {
    Replace: replace,
    Remove: keys.includes('Overlay') ? [...OVERLAY_TAGS] : [],
    Keep: ['StudyInstanceUID', 'SeriesInstanceUID', 'SOPInstanceUID'],
    // Orthanc refuses to touch patient and study identifiers without it.
    Force: true,
  };
}
