import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ViewerSeries } from '../types.ts';

/** `GET /series/fromstudy?uid=`: the series of a study, SeriesNumber ascending. */
export function getSeries(studyInstanceUid: string): Promise<ViewerSeries[]> {
  return api.get<ViewerSeries[]>('/series/fromstudy', { query: { uid: studyInstanceUid } });
}

export function getSeriesQueryOptions(studyInstanceUid: string) {
  return queryOptions({
    queryKey: ['viewer', 'series', studyInstanceUid],
    queryFn: () => getSeries(studyInstanceUid),
    enabled: studyInstanceUid !== '',
  });
}

export function useSeries(studyInstanceUid: string) {
  return useQuery(getSeriesQueryOptions(studyInstanceUid));
}
