import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrashSettings } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { trashKeys } from './trash-keys.ts';

/** `GET /trashboxsettings/find`: how many days an item stays in the bin. */
export function getTrashSettings(): Promise<TrashSettings> {
  return api.get<TrashSettings>('/trashboxsettings/find');
}

export function getTrashSettingsQueryOptions() {
  return queryOptions({ queryKey: trashKeys.settings(), queryFn: getTrashSettings });
}

export function useTrashSettings() {
  return useQuery(getTrashSettingsQueryOptions());
}
