import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ReportStudy } from '../types.ts';

export const reportStudyQueryKey = (studyInstanceUid: string) => ['reports', 'study', studyInstanceUid] as const;

/** `GET /studies/find?uid=`: the study the report is about (404 when unknown or not visible). */
export function getReportStudy(studyInstanceUid: string): Promise<ReportStudy> {
  return api.get<ReportStudy>('/studies/find', { query: { uid: studyInstanceUid } });
}

export function getReportStudyQueryOptions(studyInstanceUid: string) {
  return queryOptions({
    queryKey: reportStudyQueryKey(studyInstanceUid),
    queryFn: () => getReportStudy(studyInstanceUid),
    enabled: studyInstanceUid !== '',
  });
}

export function useReportStudy(studyInstanceUid: string) {
  return useQuery(getReportStudyQueryOptions(studyInstanceUid));
}
