import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditResult, StudyEditInput } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { invalidateEdited } from './invalidate.ts';

/** `PATCH /studies/edit`: rewrites the study's files (and, when asked, the patient's other visible studies). */
export function patchEditStudy(input: StudyEditInput): Promise<EditResult> {
  return api.patch<EditResult>('/studies/edit', { json: input });
}

export function useEditStudy() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: patchEditStudy, onSuccess: () => invalidateEdited(queryClient) });
}
