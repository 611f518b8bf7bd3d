import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TrashStudyList } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { trashKeys } from './trash-keys.ts';

/** `GET /trashbox/studies?orderby=createdat+desc&limit&offset`: a page of the bin, newest first, with the bin's total size. */
export function getTrashStudies(limit: number, offset: number): Promise<TrashStudyList> {
  return api.get<TrashStudyList>('/trashbox/studies', { query: { orderby: 'createdat desc', limit, offset } });
}

export function getTrashStudiesQueryOptions(limit: number, offset: number) {
  return queryOptions({
    queryKey: trashKeys.studies(limit, offset),
    queryFn: () => getTrashStudies(limit, offset),
    staleTime: 0,
    // The page being left stays on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useTrashStudies(limit: number, offset: number) {
  return useQuery(getTrashStudiesQueryOptions(limit, offset));
}
