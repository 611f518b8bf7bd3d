import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { StudyItem } from '../types.ts';

export const studyQueryKey = (studyInstanceUid: string) => ['studies', 'find', studyInstanceUid] as const;

/**
 * `GET /studies/find?uid=`: one study (404 when unknown, not yet indexed or not visible). The
 * viewer and the report show it; an import waits on it until the index holds what it sent.
 */
export function getStudy(studyInstanceUid: string, signal?: AbortSignal): Promise<StudyItem> {
  return api.get<StudyItem>('/studies/find', signal ? { query: { uid: studyInstanceUid }, signal } : { query: { uid: studyInstanceUid } });
}

export function getStudyQueryOptions(studyInstanceUid: string) {
  return queryOptions({
    queryKey: studyQueryKey(studyInstanceUid),
    queryFn: () => getStudy(studyInstanceUid),
    enabled: studyInstanceUid !== '',
  });
}

export function useStudy(studyInstanceUid: string) {
  return useQuery(getStudyQueryOptions(studyInstanceUid));
}
