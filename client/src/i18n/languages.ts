/**
 * The interface languages. Adding one = adding `<code>.json` beside this file and one line here.
 * `rtl` marks right-to-left scripts (ar, he, fa). Only en must be complete; any key a catalogue
 * lacks falls back to English.
 */
export interface Language {
  code: string;
  /** The language's name in itself, shown in pickers. */
  name: string;
  rtl: boolean;
}

export const LANGUAGES: readonly Language[] = [
  { code: 'en', name: 'English', rtl: false },
  { code: 'ja', name: '日本語', rtl: false },
  { code: 'he', name: 'עברית', rtl: true },
  { code: 'fa', name: 'فارسی', rtl: true },
  { code: 'bg', name: 'Български', rtl: false },
  { code: 'es', name: 'Español', rtl: false },
  { code: 'fr', name: 'Français', rtl: false },
  { code: 'it', name: 'Italiano', rtl: false },
  { code: 'nl', name: 'Nederlands', rtl: false },
  { code: 'pl', name: 'Polski', rtl: false },
];

export const DEFAULT_LANGUAGE = 'en';

export function findLanguage(code: string | null | undefined): Language | undefined {
  return LANGUAGES.find((language) => language.code === code);
}

/** The supported language closest to a requested code (`ja-JP` → `ja`), English otherwise. */
export function resolveLanguage(code: string | null | undefined): string {
  if (!code) return DEFAULT_LANGUAGE;
  if (findLanguage(code)) return code;
  const base = code.split('-')[0];
  return findLanguage(base)?.code ?? DEFAULT_LANGUAGE;
}

export function isRtl(code: string): boolean {
  return findLanguage(code)?.rtl ?? false;
}
