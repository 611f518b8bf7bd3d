/**
 * The default specific character set (spec 3 §7): `GET /defaultspecificcharactersetssettings/find`
 * and `PATCH /defaultspecificcharactersetssettings/update` (form Name), both admin.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DefaultCharacterSetStatus } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

export const characterSetQueryKey = ['configs', 'character-set'] as const;

export function getCharacterSet(): Promise<DefaultCharacterSetStatus> {
  return api.get<DefaultCharacterSetStatus>('/defaultspecificcharactersetssettings/find');
}

export function useCharacterSet() {
  return useQuery(queryOptions({ queryKey: characterSetQueryKey, queryFn: getCharacterSet }));
}

export function patchCharacterSet(name: string): Promise<DefaultCharacterSetStatus> {
  return api.patch<DefaultCharacterSetStatus>('/defaultspecificcharactersetssettings/update', { form: { Name: name } });
}

export function useUpdateCharacterSet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchCharacterSet,
    onSuccess: (status) => queryClient.setQueryData(characterSetQueryKey, status),
  });
}
