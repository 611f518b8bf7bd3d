import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShareItem, ShareKind } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { BASE, shareKeys } from './keys.ts';

export interface ShareInput {
  kind: ShareKind;
  /** Set when changing a share; absent when creating one. */
  No?: number;
  /** Creating: the study's StudyInstanceUID (study share) or the PatientID (patient share). */
  target?: string;
  Institution: number | null;
  Role: number | null;
  Account: string | null;
  /** YYYY-MM-DD; the server takes it at 23:59:59 in the site's time zone. */
  ExpiresAt: string;
  Modality: string[];
}

export interface CreatedShare {
  No: number;
  AccessKey: string | null;
}

/**
 * `POST …/create` or `PATCH …/update`. Sent as JSON, which the adapter reads like the spec's form
 * encoding, because the form helper cannot repeat the Modality field.
 */
export function saveShare(input: ShareInput): Promise<CreatedShare> {
  const body: Record<string, unknown> = {
    Institution: input.Institution,
    Role: input.Role,
    Account: input.Account,
    ExpiresAt: input.ExpiresAt,
    ...(input.kind === 'patient' ? { Modality: input.Modality } : {}),
  };
  if (input.No !== undefined) return api.patch<ShareItem>(`${BASE[input.kind]}/update`, { json: { No: input.No, ...body } });
  const target = input.kind === 'study' ? { uid: input.target } : { id: input.target };
  return api.post<CreatedShare>(`${BASE[input.kind]}/create`, { json: { ...target, ...body } });
}

export function useSaveShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShare,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.all }),
  });
}
