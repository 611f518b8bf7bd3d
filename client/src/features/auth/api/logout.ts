import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `DELETE /login`: ends the session. */
export function deleteLogin(): Promise<unknown> {
  return api.delete<unknown>('/login');
}

export function useLogout() {
  return useMutation({ mutationFn: deleteLogin, meta: { silent: true } });
}
