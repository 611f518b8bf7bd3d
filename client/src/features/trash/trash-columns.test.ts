import { describe, expect, it } from 'vitest';
import { defaultConfigs } from '@pacs/common';
import { trashColumns } from './trash-columns.ts';

describe('recycle bin columns', () => {
  it('come from the configs, with DeleteAt and FileSize among the study columns', () => {
    const keys = trashColumns(defaultConfigs(), false).study.map((column) => column.key);
    expect(keys.slice(0, 5)).toEqual(['PatientID', 'PatientName', 'StudyDateTime', 'DeleteAt', 'FileSize']);
  });

  it('keep who, when and how big on a phone', () => {
    const columns = trashColumns(defaultConfigs(), true);
    expect(columns.study.map((column) => column.key)).toEqual(['PatientName', 'StudyDateTime', 'DeleteAt', 'FileSize']);
    expect(columns.series.map((column) => column.key)).toEqual(['SeriesNumber', 'Modality', 'SeriesDescription', 'FileSize']);
  });

  it('leave out what the administrator hid', () => {
    const configs = defaultConfigs();
    configs.recycle_bin.fields.study = configs.recycle_bin.fields.study.map((column) => ({
      ...column,
      is_visible: column.key !== 'AccessionNumber',
    }));
    expect(trashColumns(configs, false).study.map((column) => column.key)).not.toContain('AccessionNumber');
  });
});
