import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebConnection } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/** `GET /connected/users`: current web connections. */
export function getConnectedUsers(): Promise<WebConnection[]> {
  return api.get<WebConnection[]>('/connected/users');
}

export function getConnectedUsersQueryOptions() {
  // The dialog shows 'no items found' itself when the list cannot be loaded.
  return queryOptions({ queryKey: ['connected', 'users'], queryFn: getConnectedUsers, retry: false, meta: { silent: true } });
}

export function useConnectedUsers(enabled: boolean) {
  return useQuery({ ...getConnectedUsersQueryOptions(), enabled });
}
