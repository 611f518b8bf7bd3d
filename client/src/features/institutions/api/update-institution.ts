import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Institution, InstitutionInput } from '../types.ts';
import { institutionForm } from './create-institution.ts';
import { institutionsQueryKey } from './get-institutions.ts';

/** `PATCH /institutions/update` (form No + the institution's fields). */
export function patchInstitution(input: InstitutionInput & { No: number }): Promise<Institution> {
  return api.patch<Institution>('/institutions/update', { form: { No: input.No, ...institutionForm(input) } });
}

export function useUpdateInstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchInstitution,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: institutionsQueryKey }),
  });
}
