import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { AUTO_DELETE_DEFAULTS } from '@pacs/common';
import { ENGLISH } from '../../i18n/messages.ts';
import { errorsOf } from '../../lib/schema-errors.ts';
import { autoDeleteInput, autoDeleteSchema, autoDeleteValues, settingsSummary } from './settings-form.ts';

const intl = createIntl({ locale: 'en', messages: ENGLISH });

describe('auto-delete settings form', () => {
  it('shows a rule of 0 empty, and sends an empty box as no rule', () => {
    const values = autoDeleteValues({ ...AUTO_DELETE_DEFAULTS, Lifetime: 30 });
    expect(values).toMatchObject({ Hour: '0', Lifetime: '30', NumberOfStudies: '', Capacity: '' });
    expect(autoDeleteInput({ ...values, Capacity: '0.5', Lifetime: '' })).toEqual({ ...AUTO_DELETE_DEFAULTS, Capacity: 0.5 });
  });

  it('explains bad values with the rule of @pacs/common', async () => {
    const schema = autoDeleteSchema(intl);
    const values = autoDeleteValues(AUTO_DELETE_DEFAULTS);
    await expect(errorsOf(schema, values)).resolves.toEqual({});
    await expect(errorsOf(schema, { ...values, Lifetime: '1.5', Capacity: '-1', NumberOfStudies: 'many' })).resolves.toEqual({
      Lifetime: ENGLISH['admin.auto_delete.errors.lifetime'],
      Capacity: ENGLISH['admin.auto_delete.errors.capacity'],
      NumberOfStudies: ENGLISH['admin.auto_delete.errors.number_of_studies'],
    });
    await expect(errorsOf(schema, { ...values, Hour: '' })).resolves.toEqual({ Hour: ENGLISH['validation.required'] });
  });

  it("reads a history entry's Settings in words", () => {
    const json = JSON.stringify({
      ...AUTO_DELETE_DEFAULTS,
      NumberOfStudies: 3,
      Capacity: 1.5,
      CapacityColumn: 'StudyDate',
      DeleteNow: true,
      Hour: 2,
    });
    expect(settingsSummary(json, intl)).toEqual([
      'Keep 3 studies (by Arrival in the archive)',
      'Capacity 1.5 GB (by Study date)',
      'Deleted for good at once',
      'Draft reports kept',
      'Shared studies kept',
      'Daily at 02:00',
    ]);
    expect(settingsSummary('not json', intl)).toEqual([
      'No rule',
      'To the recycle bin',
      'Draft reports kept',
      'Shared studies kept',
      'Daily at 00:00',
    ]);
  });
});
