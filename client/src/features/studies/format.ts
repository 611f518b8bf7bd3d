/**
 * How list cells read (spec 2 §9): DICOM dates in the configured date format, times as
 * hh:mm:ss, person names with their component groups, sizes in KB to PB, arrays comma-joined.
 */
import type { ListItem } from './types.ts';

export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD';

function applyDateFormat(year: string, month: string, day: string, format: string): string {
  return (format || DEFAULT_DATE_FORMAT).toUpperCase().replace('YYYY', year).replace('MM', month).replace('DD', day);
}

/** `20240131` (or `2024-01-31`) in the configured format, e.g. `2024-01-31` or `01/31/2024`. */
export function formatDicomDate(value: string | null | undefined, format: string): string {
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
export function formatDicomDateTime(value: string | null | undefined, format: string): string {
  if (!value) return '';
  const match = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):?(\d{2}):?(\d{2})?)?/.exec(value);
  if (!match) return value;
  const [, year = '', month = '', day = '', hour, minute, second] = match;
  const date = applyDateFormat(year, month, day, format);
  if (hour === undefined || minute === undefined) return date;
  return `${date} ${hour}:${minute}${second === undefined ? '' : `:${second}`}`;
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

/**
 * A DICOM person name as its non-empty component groups, alphabetic first:
 * `Yamada^Tarou=山田^太郎=やまだ^たろう` → `['Yamada Tarou', '山田 太郎', 'やまだ たろう']`.
 * Carets separate family, given, middle, prefix and suffix; they read as spaces.
 */
export function personNameGroups(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split('=')
    .map((group) =>
      group
        .split('^')
        .map((part) => part.trim())
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean);
}

/** A person name on one line: the groups separated by two spaces. */
export function formatPersonName(value: string | null | undefined): string {
  return personNameGroups(value).join('  ');
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

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(2)));
}

export interface FormatContext {
  dateFormat: string;
  timeZone?: string | undefined;
}

const DATE_KEYS = new Set(['StudyDate', 'SeriesDate', 'PatientBirthDate']);
const TIME_KEYS = new Set(['StudyTime', 'SeriesTime']);
const DICOM_DATE_TIME_KEYS = new Set(['StudyDateTime', 'SeriesDateTime']);
const INSTANT_KEYS = new Set(['UpdatedAt', 'AssignedAt', 'OrderedAt', 'ReadAt', 'ExpiresAt', 'DeleteAt']);
const NAME_KEYS = new Set(['PatientName', 'ReferringPhysicianName', 'PerformingPhysicianName']);

/** The text of a cell for any column key; unknown or empty values read as ''. */
export function formatCell(key: string, item: ListItem, context: FormatContext): string {
  const value: unknown = (item as unknown as Record<string, unknown>)[key];
  if (value === null || value === undefined || value === '') return '';
  if (key === 'FileSize' && typeof value === 'number') return formatFileSize(value);
  if (typeof value === 'string') {
    if (DATE_KEYS.has(key)) return formatDicomDate(value, context.dateFormat);
    if (TIME_KEYS.has(key)) return formatDicomTime(value);
    if (DICOM_DATE_TIME_KEYS.has(key)) return formatDicomDateTime(value, context.dateFormat);
    if (INSTANT_KEYS.has(key)) return formatInstant(value, context.dateFormat, context.timeZone);
    if (NAME_KEYS.has(key)) return formatPersonName(value);
    return value;
  }
  if (typeof value === 'number') return formatNumber(value);
  if (Array.isArray(value)) return value.map((entry) => (typeof entry === 'number' ? formatNumber(entry) : String(entry))).join(', ');
  return String(value);
}
