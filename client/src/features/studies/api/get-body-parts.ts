import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /bodyparts/all`: the body parts of the studies the caller sees, sorted (the advanced search's picker). */
export function getBodyParts(): Promise<string[]> {
  return api.get<string[]>('/bodyparts/all');
}

export function getBodyPartsQueryOptions() {
  // Only choices: a failure leaves the picker empty instead of interrupting the dialog.
  return queryOptions({ queryKey: ['bodyparts', 'all'], queryFn: getBodyParts, meta: { silent: true }, retry: false });
}

/** The body parts, fetched only when the dialog shows the body part field. */
export function useBodyParts(enabled: boolean): string[] {
  return useQuery({ ...getBodyPartsQueryOptions(), enabled }).data ?? [];
}
