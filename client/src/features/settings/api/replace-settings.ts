import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defaultSettings, setAtPath, splitKey, type SettingsResponse, type UserSettings } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import { sessionStore } from '../../../state/index.ts';
import { settingsQueryKey } from './get-settings.ts';

export interface ReplaceSettingsInput {
  /** Dotted key of the node to replace, e.g. `list.toolbar` or `lang`. */
  key: string;
  value: unknown;
}

/**
 * `PUT /settings/replace` (form): the value travels as a JSON object keyed by the last segment
 * of the dotted key, e.g. key `list.toolbar` → `{"toolbar": [...]}`.
 * Share guests never save (spec 2 §4 "Settings load": many people share the guest account); their
 * change applies to this browser tab only and no request is sent.
 */
export function putReplaceSettings({ key, value }: ReplaceSettingsInput): Promise<SettingsResponse> {
  const id = sessionStore.account?.Id ?? '';
  if (sessionStore.isGuest) {
    const settings = setAtPath(sessionStore.settings ?? defaultSettings(), key, value) as UserSettings;
    return Promise.resolve({ Id: id, Settings: settings });
  }
  const last = splitKey(key).at(-1) ?? key;
  return api.put<SettingsResponse>('/settings/replace', { form: { Id: id, key, value: JSON.stringify({ [last]: value }) } });
}

export function useReplaceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putReplaceSettings,
    onSuccess: (response) => {
      queryClient.setQueryData(settingsQueryKey, response);
      sessionStore.setSettings(response.Settings);
    },
  });
}
