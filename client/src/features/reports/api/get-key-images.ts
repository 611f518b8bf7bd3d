import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import type { DocumentKeyImage, StudyKeyImage } from '../types.ts';

/** `GET /keyimages/fromstudy?uid=`: the study's key images, offered to a document by number. */
export function getStudyKeyImages(studyInstanceUid: string): Promise<StudyKeyImage[]> {
  return api.get<StudyKeyImage[]>('/keyimages/fromstudy', { query: { uid: studyInstanceUid } });
}

export function getStudyKeyImagesQueryOptions(studyInstanceUid: string) {
  return queryOptions({
    queryKey: ['reports', 'keyimages', studyInstanceUid],
    queryFn: () => getStudyKeyImages(studyInstanceUid),
    enabled: studyInstanceUid !== '',
  });
}

export function useStudyKeyImages(studyInstanceUid: string) {
  return useQuery(getStudyKeyImagesQueryOptions(studyInstanceUid));
}

/** `GET /keyimages/fromdocument?id=`: the key images saved with a document. */
export function getDocumentKeyImages(documentId: number): Promise<DocumentKeyImage[]> {
  return api.get<DocumentKeyImage[]>('/keyimages/fromdocument', { query: { id: documentId } });
}

export function getDocumentKeyImagesQueryOptions(documentId: number | null) {
  return queryOptions({
    queryKey: ['reports', 'document-keyimages', documentId],
    queryFn: () => getDocumentKeyImages(documentId ?? 0),
    enabled: documentId !== null,
  });
}

export function useDocumentKeyImages(documentId: number | null) {
  return useQuery(getDocumentKeyImagesQueryOptions(documentId));
}

/** A key image's JPEG through the access-checked DICOMweb proxy. */
export function keyImageUrl(studyInstanceUid: string, image: { SeriesInstanceUID: string; SOPInstanceUID: string; Frame: number }) {
  const base = `${API_BASE}/dicom-web/studies/${studyInstanceUid}/series/${image.SeriesInstanceUID}/instances/${image.SOPInstanceUID}`;
  return image.Frame > 1 ? `${base}/frames/${image.Frame}/rendered` : `${base}/rendered`;
}
