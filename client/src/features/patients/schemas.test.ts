import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { ENGLISH } from '../../i18n/messages.ts';
import { errorsOf } from '../../lib/schema-errors.ts';
import { patientInput, patientSchema, patientValues } from './schemas.ts';
import type { Patient } from './types.ts';

const intl = createIntl({ locale: 'en', messages: ENGLISH });
const REQUIRED = ENGLISH['validation.required'];
const INVALID = ENGLISH['errors.validation_failed'];
const EXISTS = ENGLISH['errors.already_exists'];
const patient: Patient = {
  No: 3,
  PatientID: 'P-3',
  PatientName: 'DOE^JANE',
  PatientSex: 'F',
  PatientBirthDate: '19700506',
  PatientComments: 'note',
  UpdatedAt: '2024-05-01T10:00:00.000Z',
};

describe('the patient dialog', () => {
  it('shows a record with its birth date as the date input wants it, and sends it back as DICOM', () => {
    const values = patientValues(patient);
    expect(values).toEqual({ ID: 'P-3', Name: 'DOE^JANE', Sex: 'F', BirthDate: '1970-05-06', Comments: 'note' });
    expect(patientInput({ ...values, ID: ' P-3 ' })).toEqual({
      ID: 'P-3',
      Name: 'DOE^JANE',
      Sex: 'F',
      BirthDate: '19700506',
      Comments: 'note',
    });
  });

  it('explains common’s rules in the user’s language', async () => {
    const schema = patientSchema(intl, ['P-9']);
    await expect(errorsOf(schema, patientValues(patient))).resolves.toEqual({});
    const bad = { ID: '', Name: 'N'.repeat(65), Sex: 'X', BirthDate: '2024-13-01', Comments: '' };
    const errors = await errorsOf(schema, bad);
    expect(errors).toMatchObject({ ID: REQUIRED, Sex: INVALID, BirthDate: INVALID });
    expect(errors.Name).toContain('64');
    await expect(errorsOf(schema, { ...patientValues(patient), ID: 'P-9' })).resolves.toEqual({ ID: EXISTS });
  });
});
