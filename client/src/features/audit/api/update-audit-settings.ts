import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditSettings } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { auditSettingsQueryKey } from './get-audit-settings.ts';
import { eventsQueryKey } from './get-events.ts';

/** `PATCH /eventsettings/update` (form RetentionDays). */
export function patchAuditSettings(settings: AuditSettings): Promise<AuditSettings> {
  return api.patch<AuditSettings>('/eventsettings/update', { form: { RetentionDays: settings.RetentionDays } });
}

export function useUpdateAuditSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchAuditSettings,
    meta: { inlineValidation: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: auditSettingsQueryKey });
      // The change is itself a record.
      await queryClient.invalidateQueries({ queryKey: eventsQueryKey });
    },
  });
}
