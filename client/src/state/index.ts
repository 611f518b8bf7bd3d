/** The app's two stores. Singletons: the API client, route loaders and components share them. */
import { resolveLanguage } from '../i18n/languages.ts';
import { SessionStore } from './session-store.ts';
import { UiStore } from './ui-store.ts';

export const LANGUAGE_STORAGE_KEY = 'pacs.lang';

function initialLanguage(): string {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return resolveLanguage(stored ?? (typeof navigator === 'undefined' ? null : navigator.language));
}

export const sessionStore = new SessionStore();
export const uiStore = new UiStore(initialLanguage());

export { SessionStore, UiStore };
export type { DialogName, ErrorInfo, Theme } from './ui-store.ts';
