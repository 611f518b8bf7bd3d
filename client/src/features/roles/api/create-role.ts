import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Role, RoleInput } from '../types.ts';
import { rolesQueryKey } from './get-roles.ts';

/** Form fields of a role; Permissions and Targets travel as JSON text. */
export function roleForm(input: RoleInput) {
  return {
    Name: input.Name,
    Title: input.Title,
    Institution: input.Institution,
    Permissions: JSON.stringify(input.Permissions),
    Targets: JSON.stringify(input.Targets),
    Teleradiology: input.Teleradiology ?? '',
    StudyAccess: input.StudyAccess,
  };
}

/** `POST /roles/create` (form). 409 already_exists when the name is taken in the institution. */
export function postRole(input: RoleInput): Promise<Role> {
  return api.post<Role>('/roles/create', { form: roleForm(input) });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRole,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
  });
}
