/**
 * How DICOM values read on every screen (spec 2 §9): the study list, the viewer's header,
 * search bar and overlay, the report header and the share lists all format person names, dates
 * and times through these functions, which live once in common (display-format.ts,
 * person-name.ts) so that the CSV and the report PDF the adapter writes read the same. On screen,
 * dates and times are written with the interface language's digits (Persian digits in Persian);
 * the files keep Latin ones.
 */
import * as common from '@pacs/common';
import { intlLocale } from '../i18n/languages.ts';
import { uiStore } from '../state/index.ts';

export { DEFAULT_DATE_FORMAT, applyDateFormat, formatPersonName, fullPersonName } from '@pacs/common';

/** A text formatted for the screen, in the digits of the language the interface is in. */
export function inLanguageDigits(text: string): string {
  return common.withLanguageDigits(text, intlLocale(uiStore.language));
}

export function formatDicomDate(value: string | null | undefined, format?: string): string {
  return inLanguageDigits(common.formatDicomDate(value, format));
}

export function formatDicomTime(value: string | null | undefined): string {
  return inLanguageDigits(common.formatDicomTime(value));
}

export function formatDicomDateTime(value: string | null | undefined, format?: string): string {
  return inLanguageDigits(common.formatDicomDateTime(value, format));
}
