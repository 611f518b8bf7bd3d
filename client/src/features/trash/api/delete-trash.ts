import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrashDeleteRun } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { acknowledgeOwnChange } from '../own-change.ts';
import type { TrashTarget } from './restore-trash.ts';
import { trashQueryKey } from './trash-keys.ts';

/** `DELETE /trashbox/delete?id=…&id=…` or `?id=all`: deleted from Orthanc for good; the run it made. */
export function deleteTrash(target: TrashTarget): Promise<TrashDeleteRun> {
  return api.delete<TrashDeleteRun>('/trashbox/delete', { query: { id: target } });
}

export function useDeleteTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrash,
    // The confirmation reads a refusal out itself.
    meta: { silent: true },
    onSettled: async () => {
      // Also after a failure: part of it may have been deleted before it stopped.
      await acknowledgeOwnChange('trashbox');
      await queryClient.invalidateQueries({ queryKey: trashQueryKey });
    },
  });
}
