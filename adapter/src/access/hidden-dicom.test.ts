import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { assertNoHiddenQuery, hiddenAttributes, hidesAny, namesHidden, stripHidden } from './hidden-dicom.ts';

describe('hiddenAttributes', () => {
  it('follows the list fields each kind may not see', () => {
    expect(hidesAny(hiddenAttributes('on_premises', null))).toBe(false);
    // Institution hides the registered institution's number and ReportStatus: no DICOM attribute.
    expect(hidesAny(hiddenAttributes('teleradiology', 'Institution'))).toBe(false);
    const company = hiddenAttributes('teleradiology', 'Company');
    expect(company.tags.has('00100010')).toBe(true);
    expect(company.tags.has('00080080')).toBe(false);
    const radiologist = hiddenAttributes('on_premises', 'Radiologist');
    expect([...radiologist.tags]).toEqual(expect.arrayContaining(['00100010', '00101001', '00080080', '00020016']));
  });
});

describe('namesHidden and assertNoHiddenQuery', () => {
  const hidden = hiddenAttributes('on_premises', 'Radiologist');

  it('recognises keywords, tags in both spellings, sequence paths and lists', () => {
    for (const text of [
      'PatientName',
      'patientname',
      '00100010',
      '0010,0010',
      '0010,0010',
      '00081111.00100010',
      'StudyDate,InstitutionName',
    ])
      expect(namesHidden(text, hidden), text).toBe(true);
    for (const text of ['PatientID', '00100020', 'StudyDate,ModalitiesInStudy', '0010,0020', 'limit'])
      expect(namesHidden(text, hidden), text).toBe(false);
  });

  it('refuses filters and includefield on hidden attributes with the catalogue answer', () => {
    const refused = (query: string) => {
      try {
        assertNoHiddenQuery(new URLSearchParams(query), hidden);
        return null;
      } catch (error) {
        return error instanceof AppError ? `${error.status} ${error.message}` : 'other';
      }
    };
    expect(refused('PatientName=A*')).toBe('400 This field is not available.');
    expect(refused('includefield=00080080')).toBe('400 This field is not available.');
    expect(refused('PatientID=1&includefield=StudyDate&limit=10')).toBeNull();
  });
});

describe('stripHidden', () => {
  it('removes hidden attributes at the top level and inside sequences', () => {
    const hidden = hiddenAttributes('on_premises', 'Radiologist');
    const item = {
      '00100010': { vr: 'PN', Value: [{ Alphabetic: 'A' }] },
      '00100020': { vr: 'LO', Value: ['1'] },
      '00081110': { vr: 'SQ', Value: [{ '00080080': { vr: 'LO', Value: ['H'] }, '00081155': { vr: 'UI', Value: ['1.2'] } }] },
    };
    expect(stripHidden(item, hidden)).toEqual({
      '00100020': { vr: 'LO', Value: ['1'] },
      '00081110': { vr: 'SQ', Value: [{ '00081155': { vr: 'UI', Value: ['1.2'] } }] },
    });
  });
});
