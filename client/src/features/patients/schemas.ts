/**
 * The patient dialog's rules: common's `patientFieldProblem` (spec 1 §5 date and sex, the DICOM
 * lengths) with translated messages, and not_exist on the PatientID among the records shown. The
 * server checks the same rules again; these explain early.
 */
import * as yup from 'yup';
import { MESSAGES, PATIENT_MAX_LENGTH, PATIENT_NAME_GROUP_MAX_LENGTH, normalizePatientInput, patientFieldProblem } from '@pacs/common';
import { fromDicomDate } from '@pacs/common';
import { ACCOUNTS_ADMIN_MESSAGES as M, type Translate } from '../roles/index.ts';
import type { Patient, PatientInput } from './types.ts';

export type PatientValues = PatientInput;

/** A message of common's rules in the user's language. */
export function patientProblemText(intl: Translate, problem: string): string {
  if (problem === MESSAGES.required) return intl.formatMessage(M.required);
  if (problem === MESSAGES.already_exists) return intl.formatMessage(M.already_exists);
  for (const length of [...new Set([...Object.values(PATIENT_MAX_LENGTH), PATIENT_NAME_GROUP_MAX_LENGTH])]) {
    if (problem === MESSAGES.max_length(length)) return intl.formatMessage(M.max_length, { length });
  }
  return intl.formatMessage(M.invalid);
}

function rule(intl: Translate, field: keyof PatientInput) {
  return yup.string().test(`patient-${field}`, (value, context) => {
    const problem = patientFieldProblem(field, value ?? '');
    return problem ? context.createError({ message: patientProblemText(intl, problem) }) : true;
  });
}

/** `others`: PatientIDs of the records shown, but the one being edited (IDs compare with their case, as DICOM does). */
export function patientSchema(intl: Translate, others: readonly string[] = []) {
  return yup.object({
    ID: rule(intl, 'ID').test('not-exist-patient', intl.formatMessage(M.already_exists), (value) => !others.includes((value ?? '').trim())),
    Name: rule(intl, 'Name'),
    Sex: rule(intl, 'Sex'),
    BirthDate: rule(intl, 'BirthDate'),
    Comments: rule(intl, 'Comments'),
  });
}

/** A record as the form shows it: the birth date as a date input's yyyy-mm-dd. */
export function patientValues(patient?: Partial<Patient>): PatientValues {
  return {
    ID: patient?.PatientID ?? '',
    Name: patient?.PatientName ?? '',
    Sex: patient?.PatientSex ?? '',
    BirthDate: fromDicomDate(patient?.PatientBirthDate ?? ''),
    Comments: patient?.PatientComments ?? '',
  };
}

/** What a save sends: common's normalization (trimmed, the birth date as YYYYMMDD). */
export function patientInput(values: PatientValues): PatientInput {
  return normalizePatientInput(values);
}
