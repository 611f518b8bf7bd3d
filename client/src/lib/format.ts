/**
 * Site-formatted instants, dates and sizes come from common, like the CSV and the report PDF; on
 * screen they are written with the interface language's digits.
 */
import * as common from '@pacs/common';
import { sessionStore } from '../state/index.ts';
import { inLanguageDigits } from './dicom-format.ts';

export function formatFileSize(bytes: number | null | undefined): string {
  return inLanguageDigits(common.formatFileSize(bytes));
}

export function formatInstant(...args: Parameters<typeof common.formatInstant>): string {
  return inLanguageDigits(common.formatInstant(...args));
}

/**
 * A server instant (ISO) as every date on screen is written: the site's date format and time
 * zone (`timeZone` overrides the zone), to the minute, in the interface language's digits.
 */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  const site = sessionStore.displayFormat;
  return formatInstant(value, site.dateFormat, timeZone || site.timeZone, { withSeconds: false });
}

/** A calendar date (`YYYY-MM-DD`, or the date of an ISO instant as written) in the site's date format. */
export function formatDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return value ?? '';
  return inLanguageDigits(common.applyDateFormat(match[1]!, match[2]!, match[3]!, sessionStore.displayFormat.dateFormat));
}
