import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KeyImage, KeyImageUpdate } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/** `GET /keyimages/fromstudy?uid=`: the study's key images (offered to reports). */
export function getKeyImages(studyInstanceUid: string): Promise<KeyImage[]> {
  return api.get<KeyImage[]>('/keyimages/fromstudy', { query: { uid: studyInstanceUid } });
}

export function getKeyImagesQueryOptions(studyInstanceUid: string) {
  return queryOptions({
    queryKey: ['viewer', 'keyimages', studyInstanceUid],
    queryFn: () => getKeyImages(studyInstanceUid),
    enabled: studyInstanceUid !== '',
    retry: false,
  });
}

export function useKeyImages(studyInstanceUid: string) {
  return useQuery(getKeyImagesQueryOptions(studyInstanceUid));
}

/** `PUT /keyimages/update`: marks or unmarks one image; answers the study's new list. */
export function putKeyImage(studyInstanceUid: string, update: KeyImageUpdate): Promise<KeyImage[]> {
  return api.put<KeyImage[]>('/keyimages/update', { json: { uid: studyInstanceUid, ...update } });
}

export function useUpdateKeyImage(studyInstanceUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: KeyImageUpdate) => putKeyImage(studyInstanceUid, update),
    onSuccess: (list) => queryClient.setQueryData(getKeyImagesQueryOptions(studyInstanceUid).queryKey, list),
  });
}
