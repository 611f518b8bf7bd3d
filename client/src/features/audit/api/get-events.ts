import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

export const eventsQueryKey = ['events'] as const;

/** `GET /events/find`: a page of the audit log, newest first, filtered. */
export function getEvents(query: AuditQuery): Promise<AuditPage> {
  return api.get<AuditPage>('/events/find', { query: { ...query } });
}

export function getEventsQueryOptions(query: AuditQuery) {
  return queryOptions({ queryKey: [...eventsQueryKey, query], queryFn: () => getEvents(query), placeholderData: keepPreviousData });
}

/** `enabled` false for a caller who may not read the log (only administrators may); `refetchInterval` for a page that keeps it fresh. */
export function useEvents(query: AuditQuery, options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({ ...getEventsQueryOptions(query), ...options });
}
