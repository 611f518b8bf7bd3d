import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Patient, PatientInput } from '../types.ts';
import { invalidatePatients, patientForm } from './add-patient.ts';

/** `PATCH /patients/updateinformation` (form No + the fields). */
export function patchPatient({ No, ...input }: PatientInput & { No: number }): Promise<Patient> {
  return api.patch<Patient>('/patients/updateinformation', { form: { No, ...patientForm(input) } });
}

export function useUpdatePatient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: patchPatient, meta: { silent: true }, onSuccess: () => invalidatePatients(queryClient) });
}
