/** The settings feature's public entry: what other features may use. */
export { getSettings, settingsQueryKey } from './api/get-settings.ts';
export { useReplaceSettings } from './api/replace-settings.ts';
