import { describe, expect, it } from 'vitest';
import type { StudyItem } from '@pacs/common';
import { comparableStudies, modalitiesOf, toViewerStudy } from './comparison.ts';

function study(uid: string, date: string, modalities: string[]): StudyItem {
  return {
    StudyInstanceUID: uid,
    StudyDate: date,
    StudyDateTime: `${date}T10:00:00`,
    ModalitiesInStudy: modalities,
    StudyDescription: `Study ${uid}`,
    PatientID: 'P1',
    PatientName: 'Doe^Jane',
  } as StudyItem;
}

const STUDIES = [study('a', '20240101', ['CT']), study('b', '20240301', ['MR', 'SR']), study('c', '20230101', ['CT', 'PT'])];

describe('comparison pickers', () => {
  it('lists the distinct modalities, sorted', () => {
    expect(modalitiesOf(STUDIES)).toEqual(['CT', 'MR', 'PT', 'SR']);
  });

  it('offers the other studies newest first', () => {
    expect(comparableStudies(STUDIES, 'a', []).map((item) => item.StudyInstanceUID)).toEqual(['b', 'c']);
  });

  it('keeps the studies with a chosen modality', () => {
    expect(comparableStudies(STUDIES, 'b', ['CT']).map((item) => item.StudyInstanceUID)).toEqual(['a', 'c']);
    expect(comparableStudies(STUDIES, 'a', ['PT', 'MR']).map((item) => item.StudyInstanceUID)).toEqual(['b', 'c']);
  });

  it('keeps the facts the overlay shows', () => {
    expect(toViewerStudy(STUDIES[1] as StudyItem)).toEqual({
      StudyInstanceUID: 'b',
      StudyDate: '20240301',
      StudyDescription: 'Study b',
      PatientID: 'P1',
      PatientName: 'Doe^Jane',
      ModalitiesInStudy: ['MR', 'SR'],
    });
  });
});
