/**
 * The patients feature's public entry (issue 17, "Patients").
 *
 * `PatientPicker` — search-as-you-type over `/patients/search` (Keyword: PatientID or name) for
 * the worklist's add dialog. Props:
 * - `onChange(patient: Patient)`: called with the record picked from the matches, or with the one
 *   created through "Create new patient" (offered when nothing matches; the add dialog opens with
 *   the typed text as PatientID and saves through `/patients/addinformation`).
 * - `value?: Patient | null`: the chosen record, shown above the field.
 * - `label?: ReactNode` (default 'Patient'); `matchType?: MatchType` (default 'partial');
 *   `allowCreate?: boolean` (default true; needs mwm or admin, as every patient call does);
 *   `disabled?: boolean`; `limit?: number` of matches listed (default 8).
 * Keyboard: arrows move through the matches, Enter picks (or creates), Esc closes the list.
 *
 * `usePatientImport()` — the patient import on a screen's load (spec 1 §4): call it from an
 * observer component (the /mwm screen and admin/client/patient); true while 'Generating Patient
 * List' should show.
 */
export { PatientPicker, type PatientPickerProps } from './components/patient-picker.tsx';
export { usePatientImport } from './patient-import.ts';
export { getPatientFromId, usePatientFromId } from './api/get-patient-from-id.ts';
export { patientsQueryKey } from './api/search-patients.ts';
export type { Patient } from './types.ts';
