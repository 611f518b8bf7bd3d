import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { StudyItem } from '../types.ts';

export interface UpdateStudyInput {
  UID: string;
  /** Per user. */
  IsFavorite?: boolean;
  /** Shared by everyone who sees the study; needs list_note. */
  Note?: string;
}

/** `PATCH /studies/update` (form): sets a favourite or a note; answers the updated study. */
export function patchUpdateStudy(input: UpdateStudyInput): Promise<StudyItem> {
  return api.patch<StudyItem>('/studies/update', {
    form: {
      UID: input.UID,
      IsFavorite: input.IsFavorite === undefined ? undefined : input.IsFavorite ? 'true' : 'false',
      Note: input.Note,
    },
  });
}

export function useUpdateStudy(onUpdated: (study: StudyItem) => void) {
  return useMutation({ mutationFn: patchUpdateStudy, onSuccess: onUpdated });
}
