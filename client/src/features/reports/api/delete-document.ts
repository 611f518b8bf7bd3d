import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { invalidateStudyReports } from './save-document.ts';

/** `DELETE /documents/delete?id=`: marks the document Deleted; the study's status follows the one before. */
export function deleteDocument(id: number): Promise<unknown> {
  return api.delete('/documents/delete', { query: { id } });
}

export function useDeleteDocument(studyInstanceUid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: () => invalidateStudyReports(queryClient, studyInstanceUid),
  });
}
