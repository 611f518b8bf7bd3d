/**
 * Columns of the share tables (spec 3 §2): the configs' `share.fields.{study|patient}` — data
 * columns and the info/edit/delete command cells. Trees saved before the command cells existed
 * get them in front, so every table can always open, edit and stop its shares.
 */
import {
  SHARE_COMMANDS,
  commandColumns,
  defaultConfigs,
  type ColumnSetting,
  type Configs,
  type ShareItem,
  type ShareKind,
} from '@pacs/common';
import { formatInstant } from '../../lib/format.ts';
import { formatDicomDate, formatDicomDateTime, formatPersonName } from '../../lib/dicom-format.ts';
import { type FormatContext } from '../studies/index.ts';

export function shareColumns(configs: Configs | null | undefined, kind: ShareKind): ColumnSetting[] {
  const stored = configs?.share?.fields?.[kind];
  const list = Array.isArray(stored) && stored.length > 0 ? stored : defaultConfigs().share.fields[kind];
  const hasCommands = list.some((column) => column.is_cmd);
  return hasCommands ? list : [...commandColumns(), ...list];
}

export function visibleShareColumns(columns: readonly ColumnSetting[]): ColumnSetting[] {
  return columns.filter((column) => column.is_visible && (!column.is_cmd || (SHARE_COMMANDS as readonly string[]).includes(column.key)));
}

const DICOM_DATES = new Set(['StudyDate', 'PatientBirthDate']);
const INSTANTS = new Set(['ExpiresAt', 'UpdatedAt', 'CreatedAt']);

/**
 * The text of a share cell: dates in the configured format, names readable, lists joined. The
 * server names a guest target in English; `guestLabel` is the reader's word for it.
 */
export function formatShareCell(key: string, share: ShareItem, context: FormatContext, guestLabel = 'Guest'): string {
  if (key === 'SharedWith' && share.Type === 'guest') return guestLabel;
  const value: unknown = (share as unknown as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    if (DICOM_DATES.has(key)) return formatDicomDate(value, context.dateFormat);
    if (key === 'StudyDateTime') return formatDicomDateTime(value, context.dateFormat);
    if (INSTANTS.has(key)) return formatInstant(value, context.dateFormat, context.timeZone);
    if (key === 'PatientName') return formatPersonName(value, context.nameForm);
    return value;
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}
