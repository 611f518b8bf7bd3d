/**
 * The add and edit dialogs' logic, apart from React: the form's flat values, what a save sends,
 * and the rules (common's `worklistEntryProblems`, the adapter's own, translated).
 *
 * The patient is typed in. Picking a patient from the patient records (issue 17's Patients half)
 * fills the same five fields through `patientValues`: that is the seam for the patient picker.
 */
import * as yup from 'yup';
import {
  fromDicomDate,
  fromDicomTime,
  MESSAGES,
  WORKLIST_MAX_LENGTH,
  worklistEntryProblems,
  type WorklistEntryInput,
  type WorklistItem,
  type WorklistProblems,
} from '@pacs/common';
import { ACCOUNTS_ADMIN_MESSAGES as M, type Translate } from '../roles/index.ts';

/** The dialog's fields, flat (the step's fields beside the patient's), as the inputs hold them. */
export const ENTRY_FIELDS = [
  'PatientID',
  'PatientName',
  'PatientBirthDate',
  'PatientSex',
  'PatientAge',
  'AccessionNumber',
  'Modality',
  'ScheduledProcedureStepStartDate',
  'ScheduledProcedureStepStartTime',
  'ScheduledStationAETitle',
  'RequestedProcedureID',
  'RequestedProcedureDescription',
  'ScheduledProcedureStepID',
  'ScheduledProcedureStepDescription',
  'ReferringPhysicianName',
  'ScheduledPerformingPhysicianName',
] as const;

export type EntryField = (typeof ENTRY_FIELDS)[number];
export type EntryValues = Record<EntryField, string> & { Disabled: boolean };

/** What a patient record gives the form (the Patients half's picker calls this). */
export interface PatientPick {
  PatientID: string;
  PatientName: string;
  PatientBirthDate: string;
  PatientSex: string;
}

export function patientValues(patient: PatientPick): Pick<EntryValues, keyof PatientPick> {
  return {
    PatientID: patient.PatientID,
    PatientName: patient.PatientName,
    PatientBirthDate: fromDicomDate(patient.PatientBirthDate),
    PatientSex: patient.PatientSex,
  };
}

/** A new entry starts today, on the modality the user last picked (or CT). */
export function emptyValues(today: string, modality = 'CT'): EntryValues {
  const values = Object.fromEntries(ENTRY_FIELDS.map((field) => [field, ''])) as Record<EntryField, string>;
  return { ...values, Modality: modality, ScheduledProcedureStepStartDate: today, Disabled: false };
}

/** An entry as the edit dialog shows it: dates and times in the inputs' forms. */
export function entryValues(item: WorklistItem): EntryValues {
  const step = item.ScheduledProcedureStep;
  return {
    PatientID: item.PatientID,
    PatientName: item.PatientName,
    PatientBirthDate: fromDicomDate(item.PatientBirthDate),
    PatientSex: item.PatientSex,
    PatientAge: item.PatientAge,
    AccessionNumber: item.AccessionNumber,
    Modality: step.Modality,
    ScheduledProcedureStepStartDate: fromDicomDate(step.ScheduledProcedureStepStartDate),
    ScheduledProcedureStepStartTime: step.ScheduledProcedureStepStartTime ? fromDicomTime(step.ScheduledProcedureStepStartTime) : '',
    ScheduledStationAETitle: step.ScheduledStationAETitle,
    RequestedProcedureID: item.RequestedProcedureID,
    RequestedProcedureDescription: item.RequestedProcedureDescription,
    ScheduledProcedureStepID: step.ScheduledProcedureStepID,
    ScheduledProcedureStepDescription: step.ScheduledProcedureStepDescription,
    ReferringPhysicianName: item.ReferringPhysicianName,
    ScheduledPerformingPhysicianName: step.ScheduledPerformingPhysicianName,
    Disabled: item.Status === 'disabled',
  };
}

/** What a save sends; a time typed as hh:mm (what some browsers' time inputs give) gains :00. */
export function entryInput(values: EntryValues): WorklistEntryInput {
  const time = /^\d{2}:\d{2}$/.test(values.ScheduledProcedureStepStartTime)
    ? `${values.ScheduledProcedureStepStartTime}:00`
    : values.ScheduledProcedureStepStartTime;
  return {
    PatientID: values.PatientID,
    PatientName: values.PatientName,
    PatientBirthDate: values.PatientBirthDate,
    PatientSex: values.PatientSex,
    PatientAge: values.PatientAge,
    AccessionNumber: values.AccessionNumber,
    RequestedProcedureID: values.RequestedProcedureID,
    RequestedProcedureDescription: values.RequestedProcedureDescription,
    ReferringPhysicianName: values.ReferringPhysicianName,
    ScheduledProcedureStep: {
      Modality: values.Modality,
      ScheduledStationAETitle: values.ScheduledStationAETitle,
      ScheduledProcedureStepStartDate: values.ScheduledProcedureStepStartDate,
      ScheduledProcedureStepStartTime: time,
      ScheduledPerformingPhysicianName: values.ScheduledPerformingPhysicianName,
      ScheduledProcedureStepDescription: values.ScheduledProcedureStepDescription,
      ScheduledProcedureStepID: values.ScheduledProcedureStepID,
    },
  };
}

/** A catalogue message (MESSAGES) in the user's language. */
export function translateProblem(intl: Translate, field: EntryField, problem: string): string {
  if (problem === MESSAGES.required) return intl.formatMessage(M.required);
  const max = (WORKLIST_MAX_LENGTH as Record<string, number>)[field];
  if (max !== undefined && problem === MESSAGES.max_length(max)) return intl.formatMessage(M.max_length, { length: max });
  return intl.formatMessage(M.invalid);
}

/** Each field checked by the adapter's rules, on the whole entry the form would send. */
export function entrySchema(intl: Translate) {
  const rule = (field: EntryField) =>
    yup.string().test('worklist-entry', (_value, context) => {
      const problems: WorklistProblems = worklistEntryProblems(entryInput(context.parent as EntryValues));
      const problem = problems[field];
      return problem ? context.createError({ message: translateProblem(intl, field, problem) }) : true;
    });
  return yup.object(Object.fromEntries(ENTRY_FIELDS.map((field) => [field, rule(field)])));
}
