import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Report } from '../types.ts';

export const reportsQueryKey = (studyInstanceUid: string) => ['reports', 'fromstudy', studyInstanceUid] as const;

/** `GET /reports/fromstudy?uid=`: the study's reports with their documents, newest document first. */
export function getReports(studyInstanceUid: string): Promise<Report[]> {
  return api.get<Report[]>('/reports/fromstudy', { query: { uid: studyInstanceUid } });
}

export function getReportsQueryOptions(studyInstanceUid: string) {
  return queryOptions({
    queryKey: reportsQueryKey(studyInstanceUid),
    queryFn: () => getReports(studyInstanceUid),
    enabled: studyInstanceUid !== '',
  });
}

export function useReports(studyInstanceUid: string) {
  return useQuery(getReportsQueryOptions(studyInstanceUid));
}
