import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { StatisticsInfo } from '../types.ts';
import { statisticsQueryKey } from './get-series-statistics.ts';

/** `GET /statistics/info`: time zone, today, the backfill and the plan caps. */
export function getStatisticsInfo(): Promise<StatisticsInfo> {
  return api.get<StatisticsInfo>('/statistics/info');
}

export function getStatisticsInfoQueryOptions() {
  return queryOptions({ queryKey: [...statisticsQueryKey, 'info'], queryFn: getStatisticsInfo, staleTime: 60_000 });
}

export function useStatisticsInfo() {
  return useQuery(getStatisticsInfoQueryOptions());
}
