import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { WorklistItem, WorklistUpdateInput } from '../types.ts';

/** `PATCH /mwm/update` (JSON): the whole entry by UID; Status none or disabled. */
export function patchWorklistEntry(input: WorklistUpdateInput): Promise<WorklistItem> {
  return api.patch<WorklistItem>('/mwm/update', { json: input });
}

export function useUpdateWorklistEntry() {
  return useMutation({ mutationFn: patchWorklistEntry, meta: { silent: true } });
}
