/**
 * Site-formatted instants and sizes come from common, like the CSV and the report PDF; on screen
 * they are written with the interface language's digits.
 */
import * as common from '@pacs/common';
import { inLanguageDigits } from './dicom-format.ts';

export function formatFileSize(bytes: number | null | undefined): string {
  return inLanguageDigits(common.formatFileSize(bytes));
}

export function formatInstant(...args: Parameters<typeof common.formatInstant>): string {
  return inLanguageDigits(common.formatInstant(...args));
}

/** Date and time display in the chosen language. Invalid or empty input shows as an empty string. */
export function formatDateTime(value: string | null | undefined, locale: string, timeZone?: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
  if (timeZone) options.timeZone = timeZone;
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

export function formatDate(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
}
