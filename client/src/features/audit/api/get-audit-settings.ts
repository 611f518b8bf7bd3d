import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditSettings } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

export const auditSettingsQueryKey = ['eventsettings'] as const;

/** `GET /eventsettings/find`: how long the audit log keeps records. */
export function getAuditSettings(): Promise<AuditSettings> {
  return api.get<AuditSettings>('/eventsettings/find');
}

export function getAuditSettingsQueryOptions() {
  return queryOptions({ queryKey: auditSettingsQueryKey, queryFn: getAuditSettings });
}

export function useAuditSettings() {
  return useQuery(getAuditSettingsQueryOptions());
}
