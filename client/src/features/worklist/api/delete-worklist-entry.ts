import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `DELETE /mwm/delete?uid=`: the entry is marked deleted and its worklist file removed. */
export function deleteWorklistEntry(uid: string): Promise<unknown> {
  return api.delete('/mwm/delete', { query: { uid } });
}

export function useDeleteWorklistEntry() {
  return useMutation({ mutationFn: deleteWorklistEntry });
}
