/**
 * Editing a study's, series' or instance's tags from the list (issue 16, "Edit"; spec 2 §2 edit
 * dialogs): the editable tags per level, their rules (spec 1 §5 date, time, patient_age and
 * PatientSex M/F/O), and the wire types of `PATCH /studies/edit`, `/series/edit` and
 * `/instances/edit`. The adapter refuses with `editProblem`; the client explains with the same
 * function. Which tags are offered, and why not InstitutionName or ReferringPhysicianName, is in
 * docs/decisions.md ("Editing tags").
 */
import { isDate, isDicomDate, isPatientAge, isPatientSex, isTime, MESSAGES } from './validation.ts';

/** Patient demographics: the tags a patient-level edit writes into every visible study of the patient. */
export const PATIENT_EDIT_TAGS = ['PatientName', 'PatientID', 'PatientBirthDate', 'PatientSex', 'PatientComments'] as const;

/** The study edit dialog: the patient's demographics, then the study's own tags. */
export const STUDY_EDIT_TAGS = [
  ...PATIENT_EDIT_TAGS,
  'PatientAge',
  'StudyDate',
  'StudyTime',
  'StudyDescription',
  'AccessionNumber',
  'StudyID',
] as const;

export const SERIES_EDIT_TAGS = ['SeriesDescription', 'SeriesNumber', 'BodyPartExamined'] as const;

export const INSTANCE_EDIT_TAGS = ['InstanceNumber'] as const;

export type PatientEditTag = (typeof PATIENT_EDIT_TAGS)[number];
export type StudyEditTag = (typeof STUDY_EDIT_TAGS)[number];
export type SeriesEditTag = (typeof SERIES_EDIT_TAGS)[number];
export type InstanceEditTag = (typeof INSTANCE_EDIT_TAGS)[number];
export type EditTag = StudyEditTag | SeriesEditTag | InstanceEditTag;

export type EditLevel = 'patient' | 'study' | 'series' | 'instance';

/**
 * The longest value each tag takes: its DICOM value representation's limit (PN 64 per component
 * group, three groups with their `=` separators: 194; LO 64, SH 16, LT 10240, CS 16, IS 12).
 */
export const EDIT_TAG_MAX_LENGTH: Readonly<Record<EditTag, number>> = {
  PatientName: 194,
  PatientID: 64,
  PatientBirthDate: 10,
  PatientSex: 1,
  PatientComments: 10240,
  PatientAge: 4,
  StudyDate: 10,
  StudyTime: 8,
  StudyDescription: 64,
  AccessionNumber: 16,
  StudyID: 16,
  SeriesDescription: 64,
  SeriesNumber: 12,
  BodyPartExamined: 16,
  InstanceNumber: 12,
};

/** A patient-level edit reaches at most this many studies in one request. */
export const EDIT_MAX_PATIENT_STUDIES = 200;

/** A DICOM Integer String within 32 bits. */
function isIntegerString(value: string): boolean {
  if (!/^[-+]?\d{1,11}$/.test(value)) return false;
  const number = Number(value);
  return number >= -2_147_483_648 && number <= 2_147_483_647;
}

/** A control character; `lineBreaks` lets tab, LF, FF and CR through (LT text keeps them). */
function isControl(ch: string, lineBreaks: boolean): boolean {
  const code = ch.charCodeAt(0);
  if (lineBreaks && (code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d)) return false;
  return code < 0x20 || code === 0x7f;
}

/** DICOM TM as this product writes it (HHMMSS), read back as the spec's hh:mm:ss. */
function isDicomTime(value: string): boolean {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(value);
  return match !== null && isTime(`${match[1]}:${match[2]}:${match[3]}`);
}

/**
 * What is wrong with a new value for a tag, as a catalogue message (MESSAGES), or null when it is
 * acceptable. Empty clears a tag, except PatientID (Orthanc names patients and studies by it).
 * Dates are a calendar date (spec 1 §5 date, or DICOM YYYYMMDD), times hh:mm:ss (or HHMMSS).
 */
export function editProblem(tag: EditTag, value: unknown): string | null {
  if (typeof value !== 'string') return MESSAGES.invalid;
  const max = EDIT_TAG_MAX_LENGTH[tag];
  if (value.length > max) return MESSAGES.max_length(max);
  // Backslash separates DICOM values; control characters have no place in these tags (LT keeps line breaks).
  if (value.includes('\\') || [...value].some((ch) => isControl(ch, tag === 'PatientComments'))) return MESSAGES.invalid;
  if (value === '') return tag === 'PatientID' ? MESSAGES.required : null;
  switch (tag) {
    case 'PatientID':
      return value.trim() === '' ? MESSAGES.required : null;
    case 'PatientBirthDate':
    case 'StudyDate':
      return isDicomDate(value) || isDate(value) ? null : MESSAGES.invalid;
    case 'StudyTime':
      return isTime(value) || isDicomTime(value) ? null : MESSAGES.invalid;
    case 'PatientSex':
      return isPatientSex(value) ? null : MESSAGES.invalid;
    case 'PatientAge':
      return isPatientAge(value) ? null : MESSAGES.invalid;
    case 'SeriesNumber':
    case 'InstanceNumber':
      return isIntegerString(value) ? null : MESSAGES.invalid;
    default:
      return null;
  }
}

/** A date as DICOM stores it (YYYYMMDD) from any form `editProblem` accepts; '' stays ''. */
export function toDicomDate(value: string): string {
  if (value === '' || isDicomDate(value)) return value;
  const yearFirst = /^(\d{4})[/-](\d{2})[/-](\d{2})$/.exec(value);
  if (yearFirst) return `${yearFirst[1]}${yearFirst[2]}${yearFirst[3]}`;
  const dayFirst = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(value);
  return dayFirst ? `${dayFirst[3]}${dayFirst[2]}${dayFirst[1]}` : value;
}

/** A time as DICOM stores it (HHMMSS) from hh:mm:ss; '' and HHMMSS stay as they are. */
export function toDicomTime(value: string): string {
  return isTime(value) ? value.replace(/:/g, '') : value;
}

/** A DICOM DA value for a date input (yyyy-mm-dd); anything else stays as it is. */
export function fromDicomDate(value: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : value;
}

/** A DICOM TM value (HHMMSS, maybe with fractions, or HHMM) as hh:mm:ss; anything else stays. */
export function fromDicomTime(value: string): string {
  const match = /^(\d{2})(\d{2})(\d{2})?(?:\.\d*)?$/.exec(value);
  return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}` : value;
}

/** The value as it is written into the file: dates and times in their DICOM form, numbers plain, text trimmed. */
export function normalizeEditValue(tag: EditTag, value: string): string {
  if (tag === 'PatientBirthDate' || tag === 'StudyDate') return toDicomDate(value);
  if (tag === 'StudyTime') return toDicomTime(value);
  if (tag === 'SeriesNumber' || tag === 'InstanceNumber') return value.trim() === '' ? '' : String(Number(value));
  if (tag === 'PatientComments') return value.trimEnd();
  return value.trim();
}

/** `PATCH /studies/edit`. */
export interface StudyEditInput {
  StudyInstanceUID: string;
  Tags: Partial<Record<StudyEditTag, string>>;
  /**
   * Also write the patient's demographics (PATIENT_EDIT_TAGS among Tags) into every other study
   * of the same PatientID that the caller sees; the study's own tags stay on this study.
   */
  AllStudiesOfPatient?: boolean;
}

/** `PATCH /series/edit`. */
export interface SeriesEditInput {
  StudyInstanceUID: string;
  SeriesInstanceUID: string;
  Tags: Partial<Record<SeriesEditTag, string>>;
}

/** `PATCH /instances/edit`. */
export interface InstanceEditInput {
  StudyInstanceUID: string;
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  Tags: Partial<Record<InstanceEditTag, string>>;
}

/** One tag that changed, as the edit history records it. */
export interface EditChange {
  Tag: EditTag;
  Old: string;
  New: string;
}

/** What an edit did: how many studies were rewritten (a patient-level edit may reach several). */
export interface EditResult {
  /** Studies whose files were rewritten (0 when nothing differed). */
  Studies: number;
  Changes: EditChange[];
}

/** One row of a study's edit history (`GET /studies/edits?uid=`). */
export interface StudyEditRecord {
  Id: number;
  Account: string | null;
  Level: EditLevel;
  StudyInstanceUID: string;
  SeriesInstanceUID: string | null;
  SOPInstanceUID: string | null;
  Changes: EditChange[];
  CreatedAt: string;
}
