import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { SeriesItem } from '../types.ts';

export const seriesQueryKey = (studyInstanceUid: string) => ['series', 'fromstudy', studyInstanceUid] as const;

/** `GET /series/fromstudy?uid=`: the series of a study, in the server's default order (SeriesNumber ascending). */
export function getSeries(studyInstanceUid: string): Promise<SeriesItem[]> {
  return api.get<SeriesItem[]>('/series/fromstudy', { query: { uid: studyInstanceUid } });
}

export function getSeriesQueryOptions(studyInstanceUid: string) {
  return queryOptions({
    queryKey: seriesQueryKey(studyInstanceUid),
    queryFn: () => getSeries(studyInstanceUid),
    enabled: studyInstanceUid !== '',
    staleTime: 0,
  });
}

export function useSeries(studyInstanceUid: string) {
  return useQuery(getSeriesQueryOptions(studyInstanceUid));
}
