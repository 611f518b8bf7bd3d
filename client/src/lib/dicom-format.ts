/**
 * How DICOM values read on every screen (spec 2 §9): the study list, the viewer's header,
 * search bar and overlay, the report header and the share lists all format person names, dates
 * and times through these functions, so one study reads the same everywhere.
 */

export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD';

/** Year, month and day laid out in a date format such as `YYYY-MM-DD` or `DD/MM/YYYY`. */
export function applyDateFormat(year: string, month: string, day: string, format: string): string {
  return (format || DEFAULT_DATE_FORMAT).toUpperCase().replace('YYYY', year).replace('MM', month).replace('DD', day);
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

/** A person name on one line: every group, separated by two spaces. */
export function formatPersonName(value: string | null | undefined): string {
  return personNameGroups(value).join('  ');
}
