import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShareKind } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { BASE, shareKeys } from './keys.ts';

/** `DELETE /sharestudies/delete?no=` or `/sharepatients/delete?no=`: stops a share at once. */
export function deleteShare({ kind, No }: { kind: ShareKind; No: number }): Promise<unknown> {
  return api.delete(`${BASE[kind]}/delete`, { query: { no: No } });
}

export function useDeleteShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShare,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}
