/**
 * How dates, times, person names and sizes read wherever the product shows them (spec 2 §9): the
 * study list and its CSV, the viewer's header and overlay, the report screen and its PDF, the
 * share lists. Written once here so that one study reads the same on every screen and in every
 * file: DICOM dates in the site's date format (configs.date_format), server instants in the
 * site's time zone (configs.time_zone).
 */
import { DATE_FORMATS, type DateFormat } from './configs/defaults.ts';

export const DEFAULT_DATE_FORMAT: DateFormat = 'YYYY-MM-DD';

/** The site's display choices every formatter below takes. */
export interface DisplayFormat {
  /** configs.date_format, e.g. `YYYY-MM-DD` or `DD/MM/YYYY`. */
  dateFormat: string;
  /** configs.time_zone (IANA); '' or undefined: the reader's own zone (browser) or UTC (server). */
  timeZone?: string | undefined;
}

/** One of the spec's date formats (spec 2 §9: the four formats and their slash variants). */
export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);
}

/** Year, month and day laid out in a date format; an unknown format reads as the default. */
export function applyDateFormat(year: string, month: string, day: string, format: string): string {
  const upper = (format || '').toUpperCase();
  const chosen = isDateFormat(upper) ? upper : DEFAULT_DATE_FORMAT;
  return chosen.replace('YYYY', year).replace('MM', month).replace('DD', day);
}

/** `20240131` (or `2024-01-31`) in the configured format, e.g. `2024-01-31` or `01/31/2024`. */
export function formatDicomDate(value: string | null | undefined, format: string = DEFAULT_DATE_FORMAT): string {
  if (!value) return '';
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length !== 8) return value;
  return applyDateFormat(digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8), format);
}

/** `093015.123` → `09:30:15`; `0930` → `09:30`. */
export function formatDicomTime(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.split('.')[0]?.replace(/[^0-9]/g, '') ?? '';
  if (digits.length < 4) return value;
  const parts = [digits.slice(0, 2), digits.slice(2, 4)];
  if (digits.length >= 6) parts.push(digits.slice(4, 6));
  return parts.join(':');
}

/** A study or series date-time (`2024-01-31T09:30:15`, local to the modality): date and time. */
export function formatDicomDateTime(value: string | null | undefined, format: string = DEFAULT_DATE_FORMAT): string {
  if (!value) return '';
  const match = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):?(\d{2}):?(\d{2})?)?/.exec(value);
  if (!match) return value;
  const [, year = '', month = '', day = '', hour, minute, second] = match;
  const date = applyDateFormat(year, month, day, format);
  if (hour === undefined || minute === undefined) return date;
  return `${date} ${hour}:${minute}${second === undefined ? '' : `:${second}`}`;
}

const INSTANT_PARTS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/** The calendar parts of an instant in a zone; a zone the runtime does not know reads as UTC. */
export function instantParts(date: Date, timeZone?: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', timeZone ? { ...INSTANT_PARTS, timeZone } : INSTANT_PARTS).formatToParts(date);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { ...INSTANT_PARTS, timeZone: 'UTC' }).formatToParts(date);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/**
 * A server instant (ISO with zone, e.g. UpdatedAt) as `date hh:mm:ss` in the site's date format
 * and time zone; `withSeconds: false` stops at minutes (the report's signature).
 */
export function formatInstant(
  value: string | Date | null | undefined,
  format: string,
  timeZone?: string,
  { withSeconds = true }: { withSeconds?: boolean } = {},
): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  const p = instantParts(date, timeZone);
  const time = withSeconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
  return `${applyDateFormat(p.year, p.month, p.day, format)} ${time}`;
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

const LATIN_DIGITS = '0123456789';
const digitsByLanguage = new Map<string, string | null>();

/**
 * The ten digits a language writes numbers with by its convention (CLDR's default numbering system,
 * as `Intl` knows it): `۰۱۲۳۴۵۶۷۸۹` (Extended Arabic-Indic) for Persian; null where that is Latin
 * (`0`–`9`), which is every other language of the product, Arabic included (CLDR's `ar` writes Latin
 * digits; docs/decisions.md "Digits of the interface language").
 */
export function languageDigits(lang: string): string | null {
  const known = digitsByLanguage.get(lang);
  if (known !== undefined) return known;
  let digits: string | null = null;
  try {
    const format = new Intl.NumberFormat(lang, { useGrouping: false });
    const written = Array.from({ length: 10 }, (_, digit) => format.format(digit)).join('');
    digits = written === LATIN_DIGITS || [...written].length !== 10 ? null : written;
  } catch {
    digits = null;
  }
  digitsByLanguage.set(lang, digits);
  return digits;
}

/**
 * A date, time, size or count formatted above, written with the interface language's digits (a
 * decimal point between digits becomes the language's decimal separator; a date with hyphens is
 * isolated left to right, see below). Only for text the
 * product shows: DICOM values shown raw (IDs, UIDs, what a user typed) and files (CSV, PDF) keep
 * Latin digits, so they are never passed here.
 */
export function withLanguageDigits(text: string, lang: string): string {
  const digits = languageDigits(lang);
  if (!digits || !/[0-9]/.test(text)) return text;
  const glyphs = [...digits];
  const decimal = new Intl.NumberFormat(lang).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const written = text.replace(/(?<=[0-9])\.(?=[0-9])/g, decimal).replace(/[0-9]/g, (digit) => glyphs[Number(digit)] ?? digit);
  // Arabic-script digits joined by hyphens (2024-01-31) would be laid out right to left by the
  // bidirectional algorithm, reading 31-01-2024: a left-to-right isolate keeps the site's order.
  return /[0-9]-[0-9]/.test(text) ? `${LEFT_TO_RIGHT_ISOLATE}${written}${POP_DIRECTIONAL_ISOLATE}` : written;
}

const LEFT_TO_RIGHT_ISOLATE = '\u2066';
const POP_DIRECTIONAL_ISOLATE = '\u2069';
