import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrashDeleteRun } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { trashKeys } from './trash-keys.ts';

/** `GET /trashdelete/results`: the permanent deletes (by hand, by retention, by auto-delete), newest first. */
export function getTrashDeleteRuns(): Promise<TrashDeleteRun[]> {
  return api.get<TrashDeleteRun[]>('/trashdelete/results');
}

export function getTrashDeleteRunsQueryOptions() {
  return queryOptions({ queryKey: trashKeys.deleteRuns(), queryFn: getTrashDeleteRuns, staleTime: 0 });
}

export function useTrashDeleteRuns() {
  return useQuery(getTrashDeleteRunsQueryOptions());
}
