import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditExport, AuditExportSettings } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { auditExportQueryKey } from './get-audit-export.ts';
import { eventsQueryKey } from './get-events.ts';

/** `PATCH /eventexport/update` (form Enabled, Host, Port, Transport, CACertificate). */
export function patchAuditExport(settings: AuditExportSettings): Promise<AuditExport> {
  return api.patch<AuditExport>('/eventexport/update', { form: { ...settings } });
}

export function useUpdateAuditExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchAuditExport,
    meta: { inlineValidation: true },
    onSuccess: async (saved) => {
      queryClient.setQueryData(auditExportQueryKey, saved);
      await queryClient.invalidateQueries({ queryKey: eventsQueryKey });
    },
  });
}
