import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteItem, DeleteResult } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { acknowledgeOwnChange } from '../own-change.ts';
import { trashQueryKey } from './trash-keys.ts';

/** `POST /studies/delete` (JSON Items): the studies, series or instances go to the recycle bin. */
export function postDeleteStudies(items: readonly DeleteItem[]): Promise<DeleteResult> {
  return api.post<DeleteResult>('/studies/delete', { json: { Items: items } });
}

export function useDeleteStudies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDeleteStudies,
    // The confirmation reads a refusal out itself.
    meta: { silent: true },
    onSuccess: async () => {
      await acknowledgeOwnChange('study');
      await queryClient.invalidateQueries({ queryKey: trashQueryKey });
    },
  });
}
