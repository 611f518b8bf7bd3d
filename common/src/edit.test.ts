import { describe, expect, it } from 'vitest';
import { editProblem, fromDicomDate, fromDicomTime, normalizeEditValue, toDicomDate, toDicomTime } from './edit.ts';
import { MESSAGES } from './validation.ts';

describe('edit rules (spec 1 §5)', () => {
  it('takes dates in the spec forms and as DICOM, refusing days the calendar lacks', () => {
    for (const date of ['2024-03-05', '2024/03/05', '05/03/2024', '05-03-2024', '20240305', ''])
      expect(editProblem('StudyDate', date)).toBeNull();
    for (const date of ['2024-02-30', '20241301', '2024-3-5', 'yesterday'])
      expect(editProblem('PatientBirthDate', date)).toBe(MESSAGES.invalid);
  });

  it('takes times as hh:mm:ss or HHMMSS on a 24-hour clock', () => {
    for (const time of ['09:30:00', '235959', '']) expect(editProblem('StudyTime', time)).toBeNull();
    for (const time of ['24:00:00', '9:30', '09:60:00', '0930']) expect(editProblem('StudyTime', time)).toBe(MESSAGES.invalid);
  });

  it('takes PatientSex M, F or O, and ages as three digits and a unit', () => {
    expect(['M', 'F', 'O', ''].map((sex) => editProblem('PatientSex', sex))).toEqual([null, null, null, null]);
    expect(editProblem('PatientSex', 'm')).toBe(MESSAGES.invalid);
    expect(editProblem('PatientAge', '045Y')).toBeNull();
    expect(editProblem('PatientAge', '45Y')).toBe(MESSAGES.invalid);
  });

  it('needs a PatientID, bounds lengths, and refuses backslashes and control characters', () => {
    expect(editProblem('PatientID', '')).toBe(MESSAGES.required);
    expect(editProblem('PatientID', '   ')).toBe(MESSAGES.required);
    expect(editProblem('AccessionNumber', 'x'.repeat(17))).toBe(MESSAGES.max_length(16));
    expect(editProblem('PatientName', 'A\\B')).toBe(MESSAGES.invalid);
    expect(editProblem('StudyDescription', 'a\nb')).toBe(MESSAGES.invalid);
    expect(editProblem('PatientComments', 'line 1\r\nline 2')).toBeNull();
    expect(editProblem('PatientComments', 'bell\u0007')).toBe(MESSAGES.invalid);
    expect(editProblem('PatientName', 5)).toBe(MESSAGES.invalid);
  });

  it('takes series and instance numbers as 32-bit integers', () => {
    expect(editProblem('SeriesNumber', '-3')).toBeNull();
    expect(editProblem('InstanceNumber', '1.5')).toBe(MESSAGES.invalid);
    expect(editProblem('InstanceNumber', '99999999999')).toBe(MESSAGES.invalid);
  });
});

describe('edit values as written and as shown', () => {
  it('writes dates and times in their DICOM forms and numbers plainly', () => {
    expect(toDicomDate('05/03/2024')).toBe('20240305');
    expect(toDicomTime('09:30:00')).toBe('093000');
    expect(normalizeEditValue('SeriesNumber', '007')).toBe('7');
    expect(normalizeEditValue('PatientName', ' Doe^Jane ')).toBe('Doe^Jane');
  });

  it('shows DICOM dates and times in the inputs forms', () => {
    expect(fromDicomDate('20240305')).toBe('2024-03-05');
    expect(fromDicomTime('093000.123')).toBe('09:30:00');
    expect(fromDicomTime('0930')).toBe('09:30:00');
    expect(fromDicomDate('')).toBe('');
  });
});
