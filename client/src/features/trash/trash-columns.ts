/**
 * The recycle bin's columns: studies and series from the configs (recycle_bin.fields, spec 2 §3,
 * an administrator's choice for everyone), instances as the list shows them by default. On a phone
 * only what tells the rows apart stays: who, when, how big, and when it goes for good.
 */
import { defaultConfigs, defaultSettings, type ColumnSetting, type Configs } from '@pacs/common';

export interface TrashColumns {
  study: ColumnSetting[];
  series: ColumnSetting[];
  instance: ColumnSetting[];
}

const PHONE_KEYS = new Set([
  'PatientName',
  'StudyDateTime',
  'DeleteAt',
  'SeriesNumber',
  'Modality',
  'SeriesDescription',
  'InstanceNumber',
  'FileSize',
]);

function visible(columns: readonly ColumnSetting[], phone: boolean): ColumnSetting[] {
  const shown = columns.filter((column) => column.is_visible);
  if (!phone) return shown;
  const kept = shown.filter((column) => PHONE_KEYS.has(column.key));
  return kept.length > 0 ? kept : shown;
}

export function trashColumns(configs: Configs | null | undefined, phone: boolean): TrashColumns {
  const fields = configs?.recycle_bin?.fields ?? defaultConfigs().recycle_bin.fields;
  return {
    study: visible(fields.study, phone),
    series: visible(fields.series, phone),
    instance: visible(defaultSettings().list.fields.instance, phone),
  };
}
