/** The forward calls (`/forward/create`, `/forward/all`, `/forward/cancel`). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForwardItem, ForwardJob } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

export const forwardsQueryKey = ['forward', 'all'] as const;

/** `POST /forward/create`: one job per study, already running. */
export function postForward(destination: number, items: readonly ForwardItem[]): Promise<ForwardJob[]> {
  return api.post<ForwardJob[]>('/forward/create', { json: { Destination: destination, Items: items } });
}

export function useCreateForward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ destination, items }: { destination: number; items: readonly ForwardItem[] }) => postForward(destination, items),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forwardsQueryKey }),
  });
}

/** `GET /forward/all`: the caller's forwards of the last day, with progress. */
export function getForwards(): Promise<ForwardJob[]> {
  return api.get<ForwardJob[]>('/forward/all');
}

/** Polled every second while a forward runs, and not at all otherwise. */
export function useForwards(enabled: boolean) {
  return useQuery({
    queryKey: forwardsQueryKey,
    queryFn: getForwards,
    enabled,
    meta: { silent: true },
    refetchInterval: (query) => ((query.state.data ?? []).some((job) => job.FinishedAt === null) ? 1000 : false),
  });
}

/** `POST /forward/cancel`. */
export function useCancelForward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<ForwardJob>('/forward/cancel', { form: { Id: String(id) } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forwardsQueryKey }),
  });
}
