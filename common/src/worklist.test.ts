import { describe, expect, it } from 'vitest';
import { MESSAGES } from './validation.ts';
import {
  normalizeWorklistEntry,
  parseWorklistSearch,
  worklistEntryProblems,
  worklistSearchQuery,
  worklistUpdateProblems,
  type WorklistEntryInput,
} from './worklist.ts';

const valid: WorklistEntryInput = {
  PatientID: 'P1',
  PatientName: '山田^太郎',
  PatientBirthDate: '1970-03-04',
  PatientSex: 'F',
  PatientAge: '054Y',
  AccessionNumber: 'A1',
  RequestedProcedureID: '',
  RequestedProcedureDescription: 'Chest',
  ReferringPhysicianName: '',
  ScheduledProcedureStep: {
    Modality: 'ct',
    ScheduledStationAETitle: 'CT1',
    ScheduledProcedureStepStartDate: '2030/01/15',
    ScheduledProcedureStepStartTime: '09:30:00',
    ScheduledPerformingPhysicianName: '',
    ScheduledProcedureStepDescription: '',
    ScheduledProcedureStepID: '',
  },
};

const withStep = (step: Partial<WorklistEntryInput['ScheduledProcedureStep']>) => ({
  ...valid,
  ScheduledProcedureStep: { ...valid.ScheduledProcedureStep, ...step },
});

describe('worklistEntryProblems', () => {
  it('accepts a complete entry, and one with only the required fields', () => {
    expect(worklistEntryProblems(valid)).toEqual({});
    expect(
      worklistEntryProblems({
        PatientID: 'P',
        PatientName: 'N',
        ScheduledProcedureStep: { Modality: 'MR', ScheduledProcedureStepStartDate: '20300101' },
      }),
    ).toEqual({});
  });

  it('names each bad field with the catalogue message', () => {
    expect(worklistEntryProblems({ ...valid, PatientID: ' ' })).toEqual({ PatientID: MESSAGES.required });
    expect(worklistEntryProblems({ ...valid, PatientAge: '12Y' })).toEqual({ PatientAge: MESSAGES.invalid });
    expect(worklistEntryProblems({ ...valid, PatientSex: 'm' })).toEqual({ PatientSex: MESSAGES.invalid });
    expect(worklistEntryProblems({ ...valid, PatientBirthDate: '2023-02-29' })).toEqual({ PatientBirthDate: MESSAGES.invalid });
    expect(worklistEntryProblems({ ...valid, PatientName: 'A\\B' })).toEqual({ PatientName: MESSAGES.invalid });
    expect(worklistEntryProblems({ ...valid, AccessionNumber: 'x'.repeat(17) })).toEqual({ AccessionNumber: MESSAGES.max_length(16) });
    expect(worklistEntryProblems(withStep({ ScheduledProcedureStepStartTime: '24:00:00' }))).toEqual({
      ScheduledProcedureStepStartTime: MESSAGES.invalid,
    });
    expect(worklistEntryProblems(withStep({ ScheduledProcedureStepStartDate: '' }))).toEqual({
      ScheduledProcedureStepStartDate: MESSAGES.required,
    });
    expect(worklistEntryProblems(withStep({ ScheduledStationAETitle: 'A'.repeat(17) }))).toEqual({
      ScheduledStationAETitle: MESSAGES.invalid,
    });
    expect(worklistEntryProblems(withStep({ Modality: 'C T' }))).toEqual({ Modality: MESSAGES.invalid });
  });

  it('refuses what is not an object, or values that are not strings', () => {
    expect(worklistEntryProblems(null)).toMatchObject({ PatientID: MESSAGES.required, Modality: MESSAGES.required });
    expect(worklistEntryProblems({ ...valid, PatientID: 12 })).toEqual({ PatientID: MESSAGES.invalid });
  });

  it('checks the UID and the status an update may set', () => {
    expect(worklistUpdateProblems({ ...valid, UID: '1.2.3', Status: 'disabled' })).toEqual({});
    expect(worklistUpdateProblems({ ...valid })).toEqual({ UID: MESSAGES.required });
    expect(worklistUpdateProblems({ ...valid, UID: '1.2.x', Status: 'completed' })).toEqual({
      UID: MESSAGES.invalid,
      Status: MESSAGES.invalid,
    });
  });
});

describe('normalizeWorklistEntry', () => {
  it('stores dates and times in DICOM form, the modality upper-cased', () => {
    const entry = normalizeWorklistEntry(valid);
    expect(entry.PatientBirthDate).toBe('19700304');
    expect(entry.ScheduledProcedureStep).toMatchObject({
      Modality: 'CT',
      ScheduledProcedureStepStartDate: '20300115',
      ScheduledProcedureStepStartTime: '093000',
    });
  });
});

describe('worklist search', () => {
  it('reads text filters, lists, dates, period and order', () => {
    const parsed = parseWorklistSearch({
      PatientID: '%12%',
      patientname: 'yamada^taro',
      Modality: 'ct,mr',
      Status: 'none,in_progress',
      StudyDate: '20300101-20300131',
      period: 'today',
      orderby: ['StudyDateTime desc', 'patientid'],
    });
    expect(parsed).toEqual({
      ok: true,
      value: {
        uid: null,
        text: [
          { key: 'patientid', term: '%12%' },
          { key: 'patientname', term: 'YAMADA TARO' },
        ],
        modalities: ['CT', 'MR'],
        statuses: ['none', 'in_progress'],
        dates: [{ key: 'studydate', from: '20300101', to: '20300131' }],
        period: 'today',
        order: [
          { key: 'studydatetime', desc: true },
          { key: 'patientid', desc: false },
        ],
      },
    });
  });

  it('refuses an unknown status, a bad date and an unknown sort key', () => {
    expect(parseWorklistSearch({ Status: 'done' }).ok).toBe(false);
    expect(parseWorklistSearch({ StudyDate: '20301301' }).ok).toBe(false);
    expect(parseWorklistSearch({ orderby: 'note' }).ok).toBe(false);
    expect(parseWorklistSearch({ uid: '1.2;drop' }).ok).toBe(false);
  });

  it('names one entry by its uid', () => {
    const parsed = parseWorklistSearch({ uid: '2.25.123' });
    expect(parsed.ok && parsed.value.uid).toBe('2.25.123');
  });

  it('builds the query the adapter parses back', () => {
    const query = worklistSearchQuery({
      text: [
        { key: 'PatientID', value: '12', type: 'partial' },
        { key: 'PatientName', value: '', type: 'partial' },
      ],
      modalities: ['CT'],
      statuses: [],
      dateFrom: '2030-01-01',
      dateTo: '',
      period: 'all',
    });
    expect(query).toEqual([
      ['PatientID', '%12%'],
      ['Modality', 'CT'],
      ['StudyDate', '20300101-'],
    ]);
    const parsed = parseWorklistSearch(Object.fromEntries(query));
    expect(parsed.ok && parsed.value.dates).toEqual([{ key: 'studydate', from: '20300101', to: null }]);
  });
});
