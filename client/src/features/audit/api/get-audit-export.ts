import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditExport } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

export const auditExportQueryKey = ['eventexport'] as const;

/** `GET /eventexport/find`: the syslog collector the audit log is sent to, and how sending goes. */
export function getAuditExport(): Promise<AuditExport> {
  return api.get<AuditExport>('/eventexport/find');
}

export function getAuditExportQueryOptions() {
  // The state (connected, queued, dropped) moves on its own: re-read while the screen is open.
  return queryOptions({ queryKey: auditExportQueryKey, queryFn: getAuditExport, refetchInterval: 10_000 });
}

export function useAuditExport() {
  return useQuery(getAuditExportQueryOptions());
}
