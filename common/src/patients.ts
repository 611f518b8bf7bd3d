/**
 * Patient records (issue 17, "Patients"; spec 2 §3 Patient, §4 Patient import, §7 Patients): the
 * wire types of `/patients/*`, the field rules both sides apply (spec 1 §5 date and PatientSex
 * M/F/O, the DICOM value representations' lengths) and the quick search's term notation.
 *
 * The quick search term carries its match type (spec 2 §7): perfect `x`, partial `**%x%`, forward
 * `**x%`, backward `**%x`. After the `**` prefix an unescaped `%` at either end is an anchor; a
 * backslash makes the next character literal, so `**%50\%%` is partial "50%". Every other
 * character is literal too: a `%` or `_` inside x never acts as a wildcard.
 */
import type { MatchType } from './configs/types.ts';
import { editProblem, toDicomDate } from './edit.ts';
import { MESSAGES } from './validation.ts';

/** One patient record (spec 2 §3 "Patient"). Dates are DICOM DA (YYYYMMDD) or ''. */
export interface Patient {
  No: number;
  PatientID: string;
  PatientName: string;
  /** M, F, O or '' (unknown). */
  PatientSex: string;
  PatientBirthDate: string;
  PatientComments: string;
  UpdatedAt: string;
}

/**
 * `POST /patients/addinformation`; `PATCH /patients/updateinformation` adds No (spec 2 §3 "Edit
 * payload fields"). BirthDate may be YYYYMMDD or any spec 1 §5 date form; it is stored as YYYYMMDD.
 */
export interface PatientInput {
  ID: string;
  Name: string;
  Sex: string;
  BirthDate: string;
  Comments: string;
}

export type PatientField = keyof PatientInput;
export const PATIENT_FIELDS: readonly PatientField[] = ['ID', 'Name', 'Sex', 'BirthDate', 'Comments'];

/** `GET /patients/search`: one page of records. */
export interface PatientList {
  Count: number;
  Items: Patient[];
  Limit: number;
  Offset: number;
  RequestedAt: string;
}

/** `POST /patients/createinformations`: records created by this import, and how many exist now. */
export interface PatientImportResult {
  Created: number;
  Total: number;
}

/** The DICOM tag each payload field fills. */
const FIELD_TAGS = {
  ID: 'PatientID',
  Name: 'PatientName',
  Sex: 'PatientSex',
  BirthDate: 'PatientBirthDate',
  Comments: 'PatientComments',
} as const satisfies Record<PatientField, string>;

/**
 * The longest value of each field: LO 64 (PatientID); PN 64 per component group, three groups
 * with their `=` separators (194); a date as typed (10); LT 10240 (PatientComments).
 */
export const PATIENT_MAX_LENGTH: Readonly<Record<PatientField, number>> = {
  ID: 64,
  Name: 194,
  Sex: 1,
  BirthDate: 10,
  Comments: 10240,
};

/** PN: each `=`-separated component group (alphabetic, ideographic, phonetic) is at most 64 characters. */
export const PATIENT_NAME_GROUP_MAX_LENGTH = 64;

/**
 * What is wrong with a field's value, as a MESSAGES text, or null when it is acceptable: the edit
 * dialog's tag rules (no backslash or control character, dates that exist, sex M/F/O) plus the
 * PN group length. Only ID is required; Sex may be '' (unknown).
 */
export function patientFieldProblem(field: PatientField, value: unknown): string | null {
  if (typeof value !== 'string') return value === undefined && field !== 'ID' ? null : MESSAGES.invalid;
  if (value.length > PATIENT_MAX_LENGTH[field]) return MESSAGES.max_length(PATIENT_MAX_LENGTH[field]);
  const problem = editProblem(FIELD_TAGS[field], field === 'ID' ? value.trim() : value);
  if (problem) return problem;
  if (field === 'Name') {
    const groups = value.split('=');
    if (groups.length > 3) return MESSAGES.invalid;
    if (groups.some((group) => group.length > PATIENT_NAME_GROUP_MAX_LENGTH)) return MESSAGES.max_length(PATIENT_NAME_GROUP_MAX_LENGTH);
  }
  return null;
}

/** Every field's problem (field → message); empty when the input can be stored. */
export function patientInputProblems(input: Partial<Record<PatientField, unknown>>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of PATIENT_FIELDS) {
    const problem = patientFieldProblem(field, input[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The values as stored: text trimmed (comments at the end only), the birth date as YYYYMMDD. */
export function normalizePatientInput(input: Partial<Record<PatientField, string>>): PatientInput {
  return {
    ID: (input.ID ?? '').trim(),
    Name: (input.Name ?? '').trim(),
    Sex: (input.Sex ?? '').trim(),
    BirthDate: toDicomDate((input.BirthDate ?? '').trim()),
    Comments: (input.Comments ?? '').trimEnd(),
  };
}

/** Filters of `GET /patients/search`: Keyword matches the PatientID or the PatientName. */
export const PATIENT_SEARCH_KEYS = ['PatientID', 'PatientName', 'Keyword'] as const;
export type PatientSearchKey = (typeof PATIENT_SEARCH_KEYS)[number];

export const PATIENT_ORDER_KEYS = ['updatedat', 'patientid', 'patientname', 'patientbirthdate', 'patientsex', 'no'] as const;
export type PatientOrderKey = (typeof PATIENT_ORDER_KEYS)[number];

/** Page size of the patient search when the request names none, and the most it may ask. */
export const PATIENT_PAGE_SIZE = 100;
export const PATIENT_PAGE_MAX = 1000;

/** A parsed quick search term: the literal text and how it must match. */
export interface PatientTerm {
  type: MatchType;
  value: string;
}

const escapeTerm = (text: string) => text.replace(/[\\%]/g, (ch) => `\\${ch}`);

/** A quick search term in the spec's notation ('' when the text is blank: no filter). */
export function formatPatientTerm(text: string, type: MatchType): string {
  const value = text.trim();
  if (value === '') return '';
  switch (type) {
    case 'perfect':
      // A value that itself begins with ** would read as a pattern: escaped, it matches exactly.
      return value.startsWith('**') ? `**${escapeTerm(value)}` : value;
    case 'forward':
      return `**${escapeTerm(value)}%`;
    case 'backward':
      return `**%${escapeTerm(value)}`;
    case 'partial':
      return `**%${escapeTerm(value)}%`;
  }
}

/** Reads a term of the spec's notation; null when it names no text (blank, or only anchors). */
export function parsePatientTerm(term: string): PatientTerm | null {
  if (!term.startsWith('**')) {
    const value = term.trim();
    return value === '' ? null : { type: 'perfect', value };
  }
  const chars: { ch: string; escaped: boolean }[] = [];
  const body = [...term.slice(2)];
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '\\' && i + 1 < body.length) chars.push({ ch: body[++i]!, escaped: true });
    else chars.push({ ch, escaped: false });
  }
  const isAnchor = (item: { ch: string; escaped: boolean } | undefined) => item !== undefined && item.ch === '%' && !item.escaped;
  const leading = isAnchor(chars[0]);
  if (leading) chars.shift();
  const trailing = isAnchor(chars.at(-1));
  if (trailing) chars.pop();
  const value = chars
    .map((item) => item.ch)
    .join('')
    .trim();
  if (value === '') return null;
  const type: MatchType = leading && trailing ? 'partial' : trailing ? 'forward' : leading ? 'backward' : 'perfect';
  return { type, value };
}
