import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Configs } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

export const configsQueryKey = ['configs'] as const;

/** `GET /configs/get`: the application-wide configs. */
export function getConfigs(): Promise<Configs> {
  return api.get<Configs>('/configs/get');
}

export function getConfigsQueryOptions() {
  return queryOptions({ queryKey: configsQueryKey, queryFn: getConfigs });
}

export function useConfigs() {
  return useQuery(getConfigsQueryOptions());
}
