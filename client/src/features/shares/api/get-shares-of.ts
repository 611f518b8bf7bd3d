import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShareItem, ShareKind } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { BASE, shareKeys } from './keys.ts';

/** `GET /sharestudies/fromstudy?uid=` or `/sharepatients/frompatient?id=`: the shares of one study or patient. */
export function getSharesOf(kind: ShareKind, id: string): Promise<ShareItem[]> {
  return kind === 'study'
    ? api.get<ShareItem[]>(`${BASE.study}/fromstudy`, { query: { uid: id } })
    : api.get<ShareItem[]>(`${BASE.patient}/frompatient`, { query: { id } });
}

export function getSharesOfQueryOptions(kind: ShareKind, id: string) {
  return queryOptions({ queryKey: shareKeys.of(kind, id), queryFn: () => getSharesOf(kind, id) });
}

export function useSharesOf(kind: ShareKind, id: string) {
  return useQuery(getSharesOfQueryOptions(kind, id));
}
