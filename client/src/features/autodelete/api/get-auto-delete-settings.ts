import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AutoDeleteSettingsFind } from '../types.ts';

export const autoDeleteSettingsQueryKey = ['autodeletesettings'] as const;

/** `GET /autodeletesettings/find`: the rules, the daily hour, and whether the plan allows auto-delete. */
export function getAutoDeleteSettings(): Promise<AutoDeleteSettingsFind> {
  return api.get<AutoDeleteSettingsFind>('/autodeletesettings/find');
}

export function getAutoDeleteSettingsQueryOptions() {
  return queryOptions({ queryKey: autoDeleteSettingsQueryKey, queryFn: getAutoDeleteSettings });
}

export function useAutoDeleteSettings() {
  return useQuery(getAutoDeleteSettingsQueryOptions());
}
