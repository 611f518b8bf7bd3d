import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordConfig } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { passwordConfigQueryKey } from './get-password-config.ts';

/** `PATCH /passwordconfig/update` (form; flags as 'true' / 'false'). */
export function patchPasswordConfig(config: PasswordConfig): Promise<PasswordConfig> {
  return api.patch<PasswordConfig>('/passwordconfig/update', {
    form: {
      MinimumPasswordLength: config.MinimumPasswordLength,
      ContainsLowercaseLetter: String(config.ContainsLowercaseLetter),
      ContainsUppercaseLetter: String(config.ContainsUppercaseLetter),
      ContainsNumber: String(config.ContainsNumber),
      ContainsSymbol: String(config.ContainsSymbol),
    },
  });
}

export function useUpdatePasswordConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchPasswordConfig,
    meta: { inlineValidation: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passwordConfigQueryKey }),
  });
}
