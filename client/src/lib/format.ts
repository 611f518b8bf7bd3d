import { applyDateFormat } from './dicom-format.ts';

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

/** A server instant (ISO with zone, e.g. UpdatedAt) in the configured time zone and date format. */
export function formatInstant(value: string | null | undefined, format: string, timeZone?: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  };
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', timeZone ? { ...options, timeZone } : options).formatToParts(date);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', options).formatToParts(date);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${applyDateFormat(part('year'), part('month'), part('day'), format)} ${part('hour')}:${part('minute')}:${part('second')}`;
}

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Bytes in KB to PB, 1024 steps, 2 decimals: 1536 → `1.50 KB`, 5 GiB → `5.00 GB`. */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '';
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit]}`;
}
