/**
 * How list cells read (spec 2 §9): DICOM dates in the configured date format, times as
 * hh:mm:ss, person names in the site's form (kana, kanji or alphabetic group), sizes in KB to PB, arrays comma-joined.
 */
import type { PersonNameForm } from '@pacs/common';
import { formatFileSize, formatInstant } from '../../lib/format.ts';
import { formatDicomDate, formatDicomDateTime, formatDicomTime, formatPersonName, inLanguageDigits } from '../../lib/dicom-format.ts';
import type { ListItem } from './types.ts';

/** Counts, doses and sizes in the interface language's digits; texts (IDs, descriptions) stay as stored. */
function formatNumber(value: number): string {
  return inLanguageDigits(Number.isInteger(value) ? String(value) : String(Number(value.toFixed(2))));
}

export interface FormatContext {
  dateFormat: string;
  timeZone?: string | undefined;
  /** configs.patient_name.ja; undefined: the default (kana). */
  nameForm?: PersonNameForm | undefined;
}

const DATE_KEYS = new Set(['StudyDate', 'SeriesDate', 'PatientBirthDate']);
const TIME_KEYS = new Set(['StudyTime', 'SeriesTime']);
const DICOM_DATE_TIME_KEYS = new Set(['StudyDateTime', 'SeriesDateTime']);
const INSTANT_KEYS = new Set(['UpdatedAt', 'AssignedAt', 'OrderedAt', 'ReadAt', 'ExpiresAt', 'DeleteAt']);
const NAME_KEYS = new Set(['PatientName', 'ReferringPhysicianName', 'PerformingPhysicianName']);

/** The text of a cell for any column key of a list row (study, series, instance, worklist entry, recycle bin row); unknown or empty values read as ''. */
export function formatCell(key: string, item: ListItem | object, context: FormatContext): string {
  const value: unknown = (item as Record<string, unknown>)[key];
  if (value === null || value === undefined || value === '') return '';
  if (key === 'FileSize' && typeof value === 'number') return formatFileSize(value);
  if (typeof value === 'string') {
    if (DATE_KEYS.has(key)) return formatDicomDate(value, context.dateFormat);
    if (TIME_KEYS.has(key)) return formatDicomTime(value);
    if (DICOM_DATE_TIME_KEYS.has(key)) return formatDicomDateTime(value, context.dateFormat);
    if (INSTANT_KEYS.has(key)) return formatInstant(value, context.dateFormat, context.timeZone);
    if (NAME_KEYS.has(key)) return formatPersonName(value, context.nameForm);
    return value;
  }
  if (typeof value === 'number') return formatNumber(value);
  if (Array.isArray(value)) return value.map((entry) => (typeof entry === 'number' ? formatNumber(entry) : String(entry))).join(', ');
  return String(value);
}
