/**
 * The worklist feature's public entry: what other features may use. The Patients half of issue 17
 * fills the add dialog's patient from a patient record through `patientValues` (entry-form.ts).
 */
export { patientValues, type PatientPick } from './entry-form.ts';
export type { WorklistItem } from './types.ts';
