import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import type { DocumentKeyImage } from '../types.ts';

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
