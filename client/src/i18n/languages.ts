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
  /**
   * The locale Intl formats numbers and dates with, when it is not `code`: Arabic is written with
   * Western digits (ar-u-nu-latn), as clinical software in the Gulf and the Maghreb shows them and
   * as DICOM values (accession numbers, dates, doses) are stored; Persian keeps its own digits.
   */
  intlLocale?: string;
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
  { code: 'zh-CN', name: '简体中文', rtl: false },
  { code: 'ko', name: '한국어', rtl: false },
  { code: 'pt-BR', name: 'Português (Brasil)', rtl: false },
  { code: 'vi', name: 'Tiếng Việt', rtl: false },
  { code: 'ar', name: 'العربية', rtl: true, intlLocale: 'ar-u-nu-latn' },
];

export const DEFAULT_LANGUAGE = 'en';

export function findLanguage(code: string | null | undefined): Language | undefined {
  return LANGUAGES.find((language) => language.code === code);
}

/**
 * The supported language closest to a requested code, English otherwise: `ja-JP` → `ja`, and a
 * regional catalogue serves its whole language (`zh`, `zh-Hans-CN` → `zh-CN`; `pt`, `pt-PT` → `pt-BR`).
 */
export function resolveLanguage(code: string | null | undefined): string {
  if (!code) return DEFAULT_LANGUAGE;
  const exact = LANGUAGES.find((language) => language.code.toLowerCase() === code.toLowerCase());
  if (exact) return exact.code;
  const base = code.split('-')[0]?.toLowerCase();
  return LANGUAGES.find((language) => language.code.split('-')[0]?.toLowerCase() === base)?.code ?? DEFAULT_LANGUAGE;
}

/** The locale react-intl and Intl format with for a language (its digits included). */
export function intlLocale(code: string): string {
  return findLanguage(code)?.intlLocale ?? code;
}

export function isRtl(code: string): boolean {
  return findLanguage(code)?.rtl ?? false;
}
