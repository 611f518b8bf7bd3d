import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestoreResult, TrashId } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { acknowledgeOwnChange } from '../own-change.ts';
import { trashQueryKey } from './trash-keys.ts';

/** Some ids of the bin, or everything in it. */
export type TrashTarget = readonly TrashId[] | 'all';

/** `POST /trashbox/restorerequest?id=…&id=…` or `?id=all`: back in every list. */
export function postRestore(target: TrashTarget): Promise<RestoreResult> {
  return api.post<RestoreResult>('/trashbox/restorerequest', { query: { id: target } });
}

export function useRestoreTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRestore,
    // The confirmation reads a refusal out itself.
    meta: { silent: true },
    onSuccess: async () => {
      await acknowledgeOwnChange('trashbox');
      await queryClient.invalidateQueries({ queryKey: trashQueryKey });
    },
  });
}
