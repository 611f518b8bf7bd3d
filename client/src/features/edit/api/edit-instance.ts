import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditResult, InstanceEditInput } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { invalidateEdited } from './invalidate.ts';

/** `PATCH /instances/edit`: rewrites the instance's file. */
export function patchEditInstance(input: InstanceEditInput): Promise<EditResult> {
  return api.patch<EditResult>('/instances/edit', { json: input });
}

export function useEditInstance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: patchEditInstance, onSuccess: () => invalidateEdited(queryClient) });
}
