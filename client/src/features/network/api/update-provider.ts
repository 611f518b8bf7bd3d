import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Provider, ProviderInput } from '../types.ts';
import { providersQueryKey } from './get-providers.ts';

/**
 * `PATCH /providers/update` (form No, Name, AETitle, Port, AllowAnonymousUsers). A changed AE
 * title, port or anonymous access restarts the DICOM service, so the answer may take seconds.
 */
export function patchProvider(input: ProviderInput & { No: number }): Promise<Provider> {
  return api.patch<Provider>('/providers/update', {
    form: { No: input.No, Name: input.Name, AETitle: input.AETitle, Port: input.Port, AllowAnonymousUsers: input.AllowAnonymousUsers },
  });
}

export function useUpdateProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchProvider,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providersQueryKey }),
  });
}
