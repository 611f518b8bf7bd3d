import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Role, RoleInput } from '../types.ts';
import { roleForm } from './create-role.ts';
import { accountsQueryKey } from '../../accounts/index.ts';
import { rolesQueryKey } from './get-roles.ts';

/** `PATCH /roles/update` (form No + the role's fields). The Master role answers 409. */
export function patchRole(input: RoleInput & { No: number }): Promise<Role> {
  return api.patch<Role>('/roles/update', { form: { No: input.No, ...roleForm(input) } });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchRole,
    meta: { silent: true },
    // Accounts show their role's name, institution and kind.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: rolesQueryKey }),
        queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
      ]),
  });
}
