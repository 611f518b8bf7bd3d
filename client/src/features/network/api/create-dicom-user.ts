import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { DicomUser, DicomUserInput } from '../types.ts';
import { invalidateConnectors } from './invalidate-connectors.ts';

export function dicomUserForm(input: DicomUserInput) {
  return { Provider: input.Provider, Name: input.Name, AETitle: input.AETitle, IPAddress: input.IPAddress, Port: input.Port };
}

/** `POST /users/create` (form). 409 already_exists (field AETitle) when the provider has that AE title. */
export function postDicomUser(input: DicomUserInput): Promise<DicomUser> {
  return api.post<DicomUser>('/users/create', { form: dicomUserForm(input) });
}

export function useCreateDicomUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDicomUser,
    meta: { silent: true },
    onSuccess: () => invalidateConnectors(queryClient),
  });
}
