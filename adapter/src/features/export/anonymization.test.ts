import { describe, expect, it } from 'vitest';
import { enabledAnonymization, defaultConfigs } from '@pacs/common';
import { modificationFor, OVERLAY_TAGS, patientPseudonym } from './anonymization.ts';

describe('anonymization', () => {
  it('blanks the enabled items, pseudonymizes PatientID, drops overlays and keeps the UIDs', () => {
    const keys = enabledAnonymization(defaultConfigs().anonymization);
    const body = modificationFor(keys, patientPseudonym(3));
    expect(body.Replace).toEqual({
      PatientName: '',
      PatientBirthDate: '',
      PatientAge: '',
      PatientSex: '',
      AccessionNumber: '',
      StudyID: '',
      StudyDescription: '',
      PatientID: 'ANON0003',
    });
    expect(body.Remove).toContain('6000,3000');
    expect(body.Remove).toContain('601E,0010');
    expect(OVERLAY_TAGS.filter((tag) => tag.startsWith('6002,'))).toHaveLength(OVERLAY_TAGS.length / 16);
    expect(body.Keep).toEqual(['StudyInstanceUID', 'SeriesInstanceUID', 'SOPInstanceUID']);
    expect(body.Force).toBe(true);
  });

  it('applies only enabled, known items', () => {
    const keys = enabledAnonymization([
      { key: 'PatientSex', label: 'Patient Sex', is_enabled: false },
      { key: 'PatientName', label: 'Name', is_enabled: true },
      { key: 'InstitutionName', label: 'Institution', is_enabled: true },
    ]);
    expect(keys).toEqual(['PatientName']);
    expect(modificationFor(keys, 'ANON0001')).toMatchObject({ Replace: { PatientName: '' }, Remove: [] });
  });
});
