import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { DicomUser, DicomUserInput } from '../types.ts';
import { dicomUserForm } from './create-dicom-user.ts';
import { invalidateConnectors } from './invalidate-connectors.ts';

/** `PATCH /users/update` (form No + the user's fields). */
export function patchDicomUser(input: DicomUserInput & { No: number }): Promise<DicomUser> {
  return api.patch<DicomUser>('/users/update', { form: { No: input.No, ...dicomUserForm(input) } });
}

export function useUpdateDicomUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchDicomUser,
    meta: { silent: true },
    onSuccess: () => invalidateConnectors(queryClient),
  });
}
