import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditResult, SeriesEditInput } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { invalidateEdited } from './invalidate.ts';

/** `PATCH /series/edit`: rewrites the series' files. */
export function patchEditSeries(input: SeriesEditInput): Promise<EditResult> {
  return api.patch<EditResult>('/series/edit', { json: input });
}

export function useEditSeries() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: patchEditSeries, onSuccess: () => invalidateEdited(queryClient) });
}
