import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Patient, PatientInput } from '../types.ts';
import { patientsQueryKey } from './search-patients.ts';

export function patientForm(input: PatientInput) {
  return { ID: input.ID, Name: input.Name, Sex: input.Sex, BirthDate: input.BirthDate, Comments: input.Comments };
}

export function invalidatePatients(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: patientsQueryKey });
}

/** `POST /patients/addinformation` (form). 409 already_exists (field ID) when the PatientID has a record. */
export function postPatient(input: PatientInput): Promise<Patient> {
  return api.post<Patient>('/patients/addinformation', { form: patientForm(input) });
}

export function useAddPatient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: postPatient, meta: { silent: true }, onSuccess: () => invalidatePatients(queryClient) });
}
