import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import type { WorklistItem } from '@pacs/common';
import { emptyValues, entryInput, entrySchema, entryValues, patientValues } from './entry-form.ts';

const intl = createIntl({ locale: 'en', messages: {}, onError: () => undefined });

describe('entry form', () => {
  it('sends the nested entry, with a time typed as hh:mm completed', () => {
    const values = { ...emptyValues('2030-01-15', 'MR'), PatientID: 'P', PatientName: 'N', ScheduledProcedureStepStartTime: '09:30' };
    expect(entryInput(values).ScheduledProcedureStep).toMatchObject({
      Modality: 'MR',
      ScheduledProcedureStepStartDate: '2030-01-15',
      ScheduledProcedureStepStartTime: '09:30:00',
    });
  });

  it('shows a stored entry in the inputs’ forms, and a patient record fills the patient', () => {
    const item = {
      PatientID: 'P',
      PatientName: 'N',
      PatientBirthDate: '19700304',
      PatientSex: 'F',
      PatientAge: '',
      AccessionNumber: '',
      RequestedProcedureID: '',
      RequestedProcedureDescription: '',
      ReferringPhysicianName: '',
      Status: 'disabled',
      ScheduledProcedureStep: {
        Modality: 'CT',
        ScheduledStationAETitle: '',
        ScheduledProcedureStepStartDate: '20300115',
        ScheduledProcedureStepStartTime: '093000',
        ScheduledPerformingPhysicianName: '',
        ScheduledProcedureStepDescription: '',
        ScheduledProcedureStepID: '',
      },
    } as unknown as WorklistItem;
    expect(entryValues(item)).toMatchObject({
      PatientBirthDate: '1970-03-04',
      ScheduledProcedureStepStartDate: '2030-01-15',
      ScheduledProcedureStepStartTime: '09:30:00',
      Disabled: true,
    });
    expect(patientValues({ PatientID: 'Q', PatientName: 'M', PatientBirthDate: '20000101', PatientSex: 'M' })).toEqual({
      PatientID: 'Q',
      PatientName: 'M',
      PatientBirthDate: '2000-01-01',
      PatientSex: 'M',
    });
  });

  it('refuses what the adapter refuses, field by field', async () => {
    const schema = entrySchema(intl);
    const values = { ...emptyValues('2030-01-15'), PatientAge: '12Y', ScheduledProcedureStepStartTime: '25:00:00' };
    const errors = await schema.validate(values, { abortEarly: false }).then(
      () => [],
      (error: { inner: { path: string }[] }) => error.inner.map((inner) => inner.path).sort(),
    );
    expect(errors).toEqual(['PatientAge', 'PatientID', 'PatientName', 'ScheduledProcedureStepStartTime']);
    await expect(schema.isValid({ ...emptyValues('2030-01-15'), PatientID: 'P', PatientName: 'N' })).resolves.toBe(true);
  });
});
