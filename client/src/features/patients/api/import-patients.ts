import { api } from '../../../lib/api-client.ts';
import type { PatientImportResult } from '../types.ts';

/** `POST /patients/createinformations`: the patient import (idempotent); sets configs mwm.is_patient_imported. */
export function postImportPatients(): Promise<PatientImportResult> {
  return api.post<PatientImportResult>('/patients/createinformations');
}
