/**
 * The five date-series calls of spec 3 §7 (`/capacity`, `/addedsize`, `/deletedsize`, `/share`,
 * `/connected` + `/statistics`) and `/dicomconnections/statistics`: one file because they take the
 * same query and answer rows of the same shape; each keeps its own query key.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type {
  AssociationStatisticsRow,
  ConnectedStatisticsRow,
  ShareStatisticsRow,
  SizeStatisticsRow,
  StatisticsRow,
  StatisticsUnit,
} from '../types.ts';

export interface SeriesRows {
  capacity: StatisticsRow[];
  addedsize: SizeStatisticsRow[];
  deletedsize: SizeStatisticsRow[];
  share: ShareStatisticsRow[];
  connected: ConnectedStatisticsRow[];
  dicomconnections: AssociationStatisticsRow[];
}
export type SeriesKind = keyof SeriesRows;

export const statisticsQueryKey = ['statistics'] as const;

/** `GET /{kind}/statistics?unit`: the server's default period for the unit (6 months for months). */
export function getSeriesStatistics<K extends SeriesKind>(kind: K, unit: StatisticsUnit): Promise<SeriesRows[K]> {
  return api.get<SeriesRows[K]>(`/${kind}/statistics`, { query: { unit } });
}

export function getSeriesStatisticsQueryOptions<K extends SeriesKind>(kind: K, unit: StatisticsUnit) {
  return queryOptions({
    queryKey: [...statisticsQueryKey, kind, unit],
    queryFn: () => getSeriesStatistics(kind, unit),
    placeholderData: keepPreviousData,
  });
}

export function useSeriesStatistics<K extends SeriesKind>(kind: K, unit: StatisticsUnit) {
  return useQuery(getSeriesStatisticsQueryOptions(kind, unit));
}
