import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidatePatients } from './add-patient.ts';

/** `DELETE /patients/deleteinformation?no=`. */
export function deletePatient(no: number): Promise<unknown> {
  return api.delete<unknown>('/patients/deleteinformation', { query: { no } });
}

export function useDeletePatient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePatient, meta: { silent: true }, onSuccess: () => invalidatePatients(queryClient) });
}
