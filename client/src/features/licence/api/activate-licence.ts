import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceInfo } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { serviceInfoQueryKey } from './get-service-info.ts';

/** `POST /server/activate`: installs a licence file (its text); 400 with the reason when refused. */
export function activateLicence(text: string): Promise<ServiceInfo> {
  return api.post<ServiceInfo>('/server/activate', { form: { License: text } });
}

export function useActivateLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateLicence,
    // The activation dialog shows the refusal's reason itself.
    meta: { silent: true },
    onSuccess: (info) => queryClient.setQueryData(serviceInfoQueryKey, info),
  });
}
