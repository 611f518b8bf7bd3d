import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Patient } from '../types.ts';
import { patientsQueryKey } from './search-patients.ts';

/** `GET /patients/information/?no=`: one record by its number. */
export function getPatient(no: number): Promise<Patient> {
  return api.get<Patient>('/patients/information/', { query: { no } });
}

export function getPatientQueryOptions(no: number) {
  return queryOptions({ queryKey: [...patientsQueryKey, 'no', no], queryFn: () => getPatient(no) });
}

export function usePatient(no: number | undefined) {
  return useQuery({ ...getPatientQueryOptions(no ?? 0), enabled: no !== undefined });
}
