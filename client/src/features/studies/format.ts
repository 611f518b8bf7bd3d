/**
 * How list cells read (spec 2 §9): DICOM dates in the configured date format, times as
 * hh:mm:ss, person names with their component groups, sizes in KB to PB, arrays comma-joined.
 */
import { applyDateFormat, formatDicomDate, formatDicomDateTime, formatDicomTime, formatPersonName } from '../../lib/dicom-format.ts';
import type { ListItem } from './types.ts';

// The DICOM value formatters are shared with the viewer and live in lib/ (one formatter per value).
export {
  DEFAULT_DATE_FORMAT,
  formatDicomDate,
  formatDicomDateTime,
  formatDicomTime,
  formatPersonName,
  personNameGroups,
} from '../../lib/dicom-format.ts';

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
