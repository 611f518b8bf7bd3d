/**
 * The study list's CSV download (spec 2 §2 toolbar `csv`, §3 settings list.fields.csv and
 * list.csv.has_header): the request's wire shape, the bound, the answer's headers, RFC 4180
 * quoting with a spreadsheet-formula guard, and how each column's cell reads. The cells read as
 * the list shows them (client features/studies/format.ts): DICOM dates in the configured date
 * format, person names in the site's form (patient_name.ja), instants in the site's time zone.
 */
import { formatDicomDate, formatDicomDateTime, formatDicomTime, formatFileSize, formatInstant, instantParts } from './display-format.ts';
import type { DisplayFormat } from './display-format.ts';
import { formatPersonName, type NameFormat } from './person-name.ts';
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
  const parts = instantParts(now, timeZone || 'UTC');
  return `studies-${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}${parts.second}.csv`;
}

/**
 * The site's date format, time zone and name form (configs); a CSV with no time zone is written
 * in UTC.
 */
export type CsvFormat = DisplayFormat & NameFormat;

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
  if (key === 'FileSize' && typeof value === 'number') return formatFileSize(value);
  if (typeof value === 'string') {
    if (DATE_KEYS.has(key)) return formatDicomDate(value, format.dateFormat);
    if (TIME_KEYS.has(key)) return formatDicomTime(value);
    if (DICOM_DATE_TIME_KEYS.has(key)) return formatDicomDateTime(value, format.dateFormat);
    if (INSTANT_KEYS.has(key)) return formatInstant(value, format.dateFormat, format.timeZone || 'UTC');
    if (NAME_KEYS.has(key)) return formatPersonName(value, format.nameForm);
    return value;
  }
  if (typeof value === 'number') return number(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return value.map((entry) => (typeof entry === 'number' ? number(entry) : String(entry))).join(', ');
  return String(value);
}
