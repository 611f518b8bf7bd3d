import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Annotation, AnnotationItem } from '@pacs/common';

/** `GET /annotations/fromstudy?uid=`: everyone's annotations on the study the caller may see. */
export function getAnnotations(studyInstanceUid: string): Promise<Annotation[]> {
  return api.get<Annotation[]>('/annotations/fromstudy', { query: { uid: studyInstanceUid } });
}

export function getAnnotationsQueryOptions(studyInstanceUid: string) {
  return queryOptions({
    queryKey: ['viewer', 'annotations', studyInstanceUid],
    queryFn: () => getAnnotations(studyInstanceUid),
    enabled: studyInstanceUid !== '',
    // Loaded once per opened study: a refetch would redraw what the user is editing.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useAnnotations(studyInstanceUid: string) {
  return useQuery(getAnnotationsQueryOptions(studyInstanceUid));
}

/** `PUT /annotations/replace`: the caller's annotations on the study become `items` (viewer_annotation_save). */
export function putReplaceAnnotations(studyInstanceUid: string, items: AnnotationItem[]): Promise<Annotation[]> {
  return api.put<Annotation[]>('/annotations/replace', { json: { uid: studyInstanceUid, items } });
}
