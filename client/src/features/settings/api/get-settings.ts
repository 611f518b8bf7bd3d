import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

export const settingsQueryKey = ['service', 'settings'] as const;

/** `GET /service/settings`: the signed-in user's settings, migrated to the current version. */
export function getSettings(): Promise<SettingsResponse> {
  return api.get<SettingsResponse>('/service/settings');
}

export function getSettingsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKey, queryFn: getSettings });
}

export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
