import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { WorklistEntryInput, WorklistItem } from '../types.ts';

/** `POST /mwm/create` (JSON): schedules an entry; the answer carries its new UID. 400 per field, 409 a taken accession number. */
export function postWorklistEntry(input: WorklistEntryInput): Promise<WorklistItem> {
  return api.post<WorklistItem>('/mwm/create', { json: input });
}

/** The dialog shows failures itself (meta silent); the screen reloads its list after a save. */
export function useCreateWorklistEntry() {
  return useMutation({ mutationFn: postWorklistEntry, meta: { silent: true } });
}
