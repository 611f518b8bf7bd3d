import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthConfig } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { authConfigQueryKey } from './get-auth-config.ts';

/** `PATCH /authconfig/update` (form Threshold, LockTime). */
export function patchAuthConfig(config: AuthConfig): Promise<AuthConfig> {
  return api.patch<AuthConfig>('/authconfig/update', { form: { Threshold: config.Threshold, LockTime: config.LockTime } });
}

export function useUpdateAuthConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchAuthConfig,
    meta: { inlineValidation: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authConfigQueryKey }),
  });
}
