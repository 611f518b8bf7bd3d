import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ModalityStatisticsRow, StatisticsUnit } from '../types.ts';
import { statisticsQueryKey } from './get-series-statistics.ts';

/** `GET /modalities/statistics?unit&basis`: studies per modality by arrival (or StudyDate). */
export function getModalityStatistics(unit: StatisticsUnit, basis: 'arrival' | 'study'): Promise<ModalityStatisticsRow[]> {
  return api.get<ModalityStatisticsRow[]>('/modalities/statistics', { query: { unit, basis } });
}

export function getModalityStatisticsQueryOptions(unit: StatisticsUnit, basis: 'arrival' | 'study') {
  return queryOptions({
    queryKey: [...statisticsQueryKey, 'modalities', unit, basis],
    queryFn: () => getModalityStatistics(unit, basis),
    placeholderData: keepPreviousData,
  });
}

export function useModalityStatistics(unit: StatisticsUnit, basis: 'arrival' | 'study') {
  return useQuery(getModalityStatisticsQueryOptions(unit, basis));
}
