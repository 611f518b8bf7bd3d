import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { serverStatusQueryKey } from './get-server-status.ts';

/** `PATCH /server/update` (form Name). */
export function patchServerName(name: string): Promise<{ Name: string }> {
  return api.patch<{ Name: string }>('/server/update', { form: { Name: name } });
}

export function useUpdateServerName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchServerName,
    meta: { inlineValidation: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serverStatusQueryKey }),
  });
}
