import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { SendDestination, SendDestinationInput } from '../types.ts';
import { sendDestinationsQueryKey } from './get-send-destinations.ts';

export function sendDestinationForm(input: SendDestinationInput) {
  return {
    Name: input.Name,
    IPAddress: input.IPAddress,
    Port: input.Port,
    CalledAETitle: input.CalledAETitle,
    CallingAETitle: input.CallingAETitle,
  };
}

/** `POST /sendsettings/create` (form). */
export function postSendDestination(input: SendDestinationInput): Promise<SendDestination> {
  return api.post<SendDestination>('/sendsettings/create', { form: sendDestinationForm(input) });
}

export function useCreateSendDestination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSendDestination,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sendDestinationsQueryKey }),
  });
}
