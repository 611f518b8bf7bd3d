import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OidcLoginOption, OidcSettings, OidcSettingsUpdate } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

export const integrationKeys = {
  all: ['integration'] as const,
  oidc: () => [...integrationKeys.all, 'oidc'] as const,
  loginOption: () => [...integrationKeys.all, 'login-option'] as const,
};

/** `GET /integration/oidc/find` (admin): the single sign-on settings, without the client secret. */
export function getOidcSettings(): Promise<OidcSettings> {
  return api.get<OidcSettings>('/integration/oidc/find');
}

export function useOidcSettings() {
  return useQuery(queryOptions({ queryKey: integrationKeys.oidc(), queryFn: getOidcSettings }));
}

/** `PUT /integration/oidc/update` (admin, JSON). */
export function putOidcSettings(update: OidcSettingsUpdate): Promise<OidcSettings> {
  return api.put<OidcSettings>('/integration/oidc/update', { json: update });
}

export function useUpdateOidcSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putOidcSettings,
    meta: { inlineValidation: true },
    onSuccess: (settings) => {
      queryClient.setQueryData(integrationKeys.oidc(), settings);
      void queryClient.invalidateQueries({ queryKey: integrationKeys.loginOption() });
    },
  });
}

/** `GET /oidc/provider` (public): whether the login page offers single sign-on. */
export function getOidcLoginOption(): Promise<OidcLoginOption> {
  return api.get<OidcLoginOption>('/oidc/provider');
}

export function useOidcLoginOption() {
  return useQuery(queryOptions({ queryKey: integrationKeys.loginOption(), queryFn: getOidcLoginOption, staleTime: 60_000 }));
}

/** Where the login page's button goes: the adapter sends the browser on to the provider. */
export const OIDC_START_PATH = '/viewer/api/oidc/start';
