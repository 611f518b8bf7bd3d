/** Switching the interface language: store, local storage, and `<html lang dir>`. */
import { isRtl, resolveLanguage } from '../i18n/languages.ts';
import { LANGUAGE_STORAGE_KEY, uiStore } from './index.ts';

export function applyDocumentLanguage(code: string): void {
  document.documentElement.lang = code;
  document.documentElement.dir = isRtl(code) ? 'rtl' : 'ltr';
}

export function applyLanguage(requested: string | null | undefined): void {
  const code = resolveLanguage(requested);
  uiStore.setLanguage(code);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
  applyDocumentLanguage(code);
}
