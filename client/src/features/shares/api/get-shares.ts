import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShareItem, ShareKind } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { BASE, shareKeys } from './keys.ts';

/** `GET /sharestudies/all` or `/sharepatients/all`: the shares the caller made (admins: all). */
export function getShares(kind: ShareKind): Promise<ShareItem[]> {
  return api.get<ShareItem[]>(`${BASE[kind]}/all`);
}

export function getSharesQueryOptions(kind: ShareKind) {
  return queryOptions({ queryKey: shareKeys.list(kind), queryFn: () => getShares(kind) });
}

export function useShares(kind: ShareKind) {
  return useQuery(getSharesQueryOptions(kind));
}
