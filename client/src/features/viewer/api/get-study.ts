import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ViewerStudy } from '../types.ts';

/** `GET /studies/find?uid=`: the study the viewer shows (404 when unknown or not visible). */
export function getStudy(studyInstanceUid: string): Promise<ViewerStudy> {
  return api.get<ViewerStudy>('/studies/find', { query: { uid: studyInstanceUid } });
}

export function getStudyQueryOptions(studyInstanceUid: string) {
  return queryOptions({
    queryKey: ['viewer', 'study', studyInstanceUid],
    queryFn: () => getStudy(studyInstanceUid),
    enabled: studyInstanceUid !== '',
  });
}

export function useStudy(studyInstanceUid: string) {
  return useQuery(getStudyQueryOptions(studyInstanceUid));
}
