/**
 * The study list's CSV download (spec 2 §2 toolbar `csv`, §3 settings list.fields.csv and
 * list.csv.has_header): the request's wire shape, the bound, the answer's headers, RFC 4180
 * quoting with a spreadsheet-formula guard, and how each column's cell reads. The cells read as
 * the list shows them (client features/studies/format.ts): DICOM dates in the configured date
 * format, person names with their component groups, instants in the site's time zone.
 */
import type { StudyItem } from './studies.ts';

/** Excel reads a UTF-8 file as the system code page unless it starts with this mark. */
export const CSV_BOM = '\uFEFF';

/**
 * At most this many rows in one file. Kept at or below the study count's exact limit
 * (EXACT_COUNT_LIMIT in the adapter), so "the bound cut the result" is known before streaming.
 */
export const CSV_ROW_LIMIT = 10_000;

/** Response headers of `POST /studies/csv`, read by the client (lower case, as fetch gives them). */
export const CSV_HEADERS = {
  /** Rows in the file (the matches, or the bound when it cut them). */
  rows: 'x-csv-rows',
  /** The bound this answer applied. */
  limit: 'x-csv-limit',
  /** `true` when more studies matched than the bound let through. */
  truncated: 'x-csv-truncated',
} as const;

/** The JSON body of `POST /studies/csv`; the search itself travels in the query string. */
export interface StudyCsvRequest {
  /** Selected studies: only these (those the caller sees). Absent: the whole current search. */
  UIDs?: string[];
  /** Column titles as the client shows them in its language, by column key. */
  Titles?: Record<string, string>;
}

/** A first character that makes Excel or LibreOffice read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field, RFC 4180: quoted when it holds a comma, a quote, CR or LF, with quotes doubled. A
 * field a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading
 * apostrophe, which spreadsheets show as text and do not evaluate.
 */
export function csvField(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** `studies-20240131-093015.csv`, in the given time zone (the site's), UTC when it is unknown. */
export function csvFileName(now: Date, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  };
  const parts = dateParts(now, options, timeZone);
  return `studies-${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}${parts.second}.csv`;
}

function dateParts(date: Date, options: Intl.DateTimeFormatOptions, timeZone?: string): Record<string, string> {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone: timeZone || 'UTC' }).formatToParts(date);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).formatToParts(date);
  }
  return Object.fromEntries(parts.map((part) => [part.type, part.value]));
}

export interface CsvFormat {
  /** configs.date_format, e.g. `YYYY-MM-DD` or `DD/MM/YYYY`. */
  dateFormat: string;
  /** configs.time_zone; '' or undefined: UTC. */
  timeZone?: string | undefined;
}

const DEFAULT_FORMAT = 'YYYY-MM-DD';

function applyDateFormat(year: string, month: string, day: string, format: string): string {
  return (format || DEFAULT_FORMAT).toUpperCase().replace('YYYY', year).replace('MM', month).replace('DD', day);
}

function dicomDate(value: string, format: string): string {
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length !== 8) return value;
  return applyDateFormat(digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8), format);
}

function dicomTime(value: string): string {
  const digits = value.split('.')[0]?.replace(/[^0-9]/g, '') ?? '';
  if (digits.length < 4) return value;
  const parts = [digits.slice(0, 2), digits.slice(2, 4)];
  if (digits.length >= 6) parts.push(digits.slice(4, 6));
  return parts.join(':');
}

function dicomDateTime(value: string, format: string): string {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})(?:[T ](\d{2}):?(\d{2}):?(\d{2})?)?/.exec(value);
  if (!match) return value;
  const [, year = '', month = '', day = '', hour, minute, second] = match;
  const date = applyDateFormat(year, month, day, format);
  if (hour === undefined || minute === undefined) return date;
  return `${date} ${hour}:${minute}${second === undefined ? '' : `:${second}`}`;
}

function instant(value: string, format: string, timeZone?: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const parts = dateParts(
    date,
    { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
    timeZone,
  );
  return `${applyDateFormat(parts.year ?? '', parts.month ?? '', parts.day ?? '', format)} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** `Yamada^Tarou=山田^太郎` → `Yamada Tarou  山田 太郎`: every non-empty group, carets as spaces. */
export function csvPersonName(value: string): string {
  return value
    .split('=')
    .map((group) =>
      group
        .split('^')
        .map((part) => part.trim())
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean)
    .join('  ');
}

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB', 'PB'] as const;

function fileSize(bytes: number): string {
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit]}`;
}

function number(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(2)));
}

const DATE_KEYS = new Set(['StudyDate', 'PatientBirthDate']);
const TIME_KEYS = new Set(['StudyTime']);
const DICOM_DATE_TIME_KEYS = new Set(['StudyDateTime']);
const INSTANT_KEYS = new Set(['UpdatedAt', 'AssignedAt', 'OrderedAt', 'ReadAt', 'ExpiresAt', 'DeleteAt']);
const NAME_KEYS = new Set(['PatientName', 'ReferringPhysicianName', 'PerformingPhysicianName']);

/** The text of one study column as the list shows it; a field the item lacks (hidden, unknown) reads ''. */
export function studyCsvCell(key: string, item: StudyItem, format: CsvFormat): string {
  const value: unknown = Object.hasOwn(item, key) ? (item as unknown as Record<string, unknown>)[key] : undefined;
  if (value === null || value === undefined || value === '') return '';
  if (key === 'FileSize' && typeof value === 'number') return fileSize(value);
  if (typeof value === 'string') {
    if (DATE_KEYS.has(key)) return dicomDate(value, format.dateFormat);
    if (TIME_KEYS.has(key)) return dicomTime(value);
    if (DICOM_DATE_TIME_KEYS.has(key)) return dicomDateTime(value, format.dateFormat);
    if (INSTANT_KEYS.has(key)) return instant(value, format.dateFormat, format.timeZone);
    if (NAME_KEYS.has(key)) return csvPersonName(value);
    return value;
  }
  if (typeof value === 'number') return number(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return value.map((entry) => (typeof entry === 'number' ? number(entry) : String(entry))).join(', ');
  return String(value);
}
