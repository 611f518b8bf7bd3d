import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Institution, InstitutionInput } from '../types.ts';
import { institutionsQueryKey } from './get-institutions.ts';

/** Form fields of an institution; Targets travel as JSON text. */
export function institutionForm(input: InstitutionInput) {
  return {
    Name: input.Name,
    Address: input.Address,
    Email: input.Email,
    Phone: input.Phone,
    Fax: input.Fax,
    Website: input.Website,
    Targets: JSON.stringify(input.Targets),
  };
}

/** `POST /institutions/create` (form). 409 already_exists when the name is taken. */
export function postInstitution(input: InstitutionInput): Promise<Institution> {
  return api.post<Institution>('/institutions/create', { form: institutionForm(input) });
}

export function useCreateInstitution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postInstitution,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: institutionsQueryKey }),
  });
}
