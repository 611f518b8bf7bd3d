import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One web connection (spec 1 §3). */
export interface WebConnection {
  Account: string;
  Name: string;
  IPAddress: string;
  AccessedAt: string;
}

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
