import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sendDestinationsQueryKey } from './get-send-destinations.ts';

/** `DELETE /sendsettings/delete?no=`. */
export function deleteSendDestination(no: number): Promise<unknown> {
  return api.delete<unknown>('/sendsettings/delete', { query: { no } });
}

export function useDeleteSendDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSendDestination,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendDestinationsQueryKey }),
  });
}
