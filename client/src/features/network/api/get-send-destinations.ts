import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { SendDestination } from '../types.ts';

export const sendDestinationsQueryKey = ['network', 'sendsettings'] as const;

/** `GET /sendsettings/all`: where studies may be sent (the forward dialog's destinations). */
export function getSendDestinations(): Promise<SendDestination[]> {
  return api.get<SendDestination[]>('/sendsettings/all');
}

export function getSendDestinationsQueryOptions() {
  return queryOptions({ queryKey: sendDestinationsQueryKey, queryFn: getSendDestinations });
}

export function useSendDestinations() {
  return useQuery(getSendDestinationsQueryOptions());
}
