import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { SendDestination, SendDestinationInput } from '../types.ts';
import { sendDestinationForm } from './create-send-destination.ts';
import { sendDestinationsQueryKey } from './get-send-destinations.ts';

/** `PATCH /sendsettings/update` (form No + the destination's fields). */
export function patchSendDestination(input: SendDestinationInput & { No: number }): Promise<SendDestination> {
  return api.patch<SendDestination>('/sendsettings/update', { form: { No: input.No, ...sendDestinationForm(input) } });
}

export function useUpdateSendDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchSendDestination,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendDestinationsQueryKey }),
  });
}
