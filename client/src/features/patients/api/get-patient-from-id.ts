import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Patient } from '../types.ts';
import { patientsQueryKey } from './search-patients.ts';

/** `GET /patients/informationfromid/?id=`: one record by its exact PatientID (404 when none). */
export function getPatientFromId(id: string): Promise<Patient> {
  return api.get<Patient>('/patients/informationfromid/', { query: { id } });
}

export function getPatientFromIdQueryOptions(id: string) {
  return queryOptions({ queryKey: [...patientsQueryKey, 'id', id], queryFn: () => getPatientFromId(id), meta: { silent: true } });
}

/** Quiet: a PatientID without a record is an answer here, not an error. */
export function usePatientFromId(id: string | undefined) {
  return useQuery({ ...getPatientFromIdQueryOptions(id ?? ''), enabled: Boolean(id), retry: false });
}
