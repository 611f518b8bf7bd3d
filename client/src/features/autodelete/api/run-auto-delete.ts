import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AutoDeleteRun } from '../types.ts';
import { autoDeleteResultsQueryKey } from './get-auto-delete-results.ts';

/** `POST /autodelete/run`: applies the saved rules now (409 while another run is going). */
export function postAutoDeleteRun(): Promise<AutoDeleteRun> {
  return api.post<AutoDeleteRun>('/autodelete/run');
}

export function useRunAutoDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAutoDeleteRun,
    // Studies left the list and entered the bin: every study and bin query reads again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: autoDeleteResultsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['studies'] }),
        queryClient.invalidateQueries({ queryKey: ['trashbox'] }),
      ]),
  });
}
