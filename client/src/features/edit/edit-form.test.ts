import { describe, expect, it } from 'vitest';
import type { StudyItem } from '@pacs/common';
import { changedTags, editTags, editValues } from './edit-form.ts';

const study = {
  StudyInstanceUID: '1.2',
  PatientID: 'P-1',
  PatientBirthDate: '19600101',
  PatientSex: 'O',
  PatientComments: '',
  PatientAge: '',
  StudyDate: '20240102',
  StudyTime: '101500.25',
  StudyDescription: 'CT chest',
  AccessionNumber: '',
  StudyID: '1',
} as unknown as StudyItem;

describe('edit form', () => {
  it('offers only the fields the study answer holds (a hidden PatientName is not offered)', () => {
    const { patient, other } = editTags({ level: 'study', study });
    expect(patient).toEqual(['PatientID', 'PatientBirthDate', 'PatientSex', 'PatientComments']);
    expect(other).toContain('StudyDate');
  });

  it('shows DICOM dates and times in the inputs forms and sends only what changed', () => {
    const initial = editValues({ level: 'study', study });
    expect(initial).toMatchObject({
      PatientBirthDate: '1960-01-01',
      StudyDate: '2024-01-02',
      StudyTime: '10:15:00',
      AllStudiesOfPatient: false,
    });
    expect(changedTags(initial, { ...initial, AllStudiesOfPatient: true })).toEqual({});
    expect(changedTags(initial, { ...initial, StudyDescription: 'CT chest, corrected', StudyTime: '10:15:00' })).toEqual({
      StudyDescription: 'CT chest, corrected',
    });
  });
});
