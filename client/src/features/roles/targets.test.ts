import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { ENGLISH } from '../../i18n/messages.ts';
import { addTag, normaliseTag, targetsSummary } from './targets.ts';
import type { Targets } from './types.ts';

const intl = createIntl({ locale: 'en', messages: ENGLISH });
const none: Targets = { All: false, AETitle: [], InstitutionName: [], Modality: [] };

describe('targets summary', () => {
  it('says all or nothing plainly', () => {
    expect(targetsSummary({ ...none, All: true, AETitle: ['IGNORED'] }, intl)).toBe('Sees all studies');
    expect(targetsSummary(none, intl)).toBe('Sees no studies');
  });

  it('joins entries of a list with "or" and the lists with "and"', () => {
    expect(targetsSummary({ ...none, AETitle: ['AE_A1', 'AE_A2'], Modality: ['MR'] }, intl)).toBe(
      'Sees studies sent by AE_A1 or AE_A2 and with modality MR',
    );
    expect(targetsSummary({ ...none, InstitutionName: ['North'] }, intl)).toBe('Sees studies from institution North');
    expect(targetsSummary({ All: false, AETitle: ['A'], InstitutionName: ['B', 'C', 'D'], Modality: ['CT'] }, intl)).toBe(
      'Sees studies sent by A, from institution B, C, or D, and with modality CT',
    );
  });

  it('follows the chosen language', () => {
    const ja = createIntl({ locale: 'ja', messages: { ...ENGLISH, 'accounts_admin.targets.summary_all': 'すべての検査を参照できます' } });
    expect(targetsSummary({ ...none, All: true }, ja)).toBe('すべての検査を参照できます');
  });
});

describe('tags', () => {
  it('trims tags and writes modalities in capitals', () => {
    expect(normaliseTag('Modality', ' mr ')).toBe('MR');
    expect(normaliseTag('AETitle', ' Store_SCU ')).toBe('Store_SCU');
  });

  it('adds a tag once, comparing without case, and ignores blanks', () => {
    expect(addTag(['CT'], 'Modality', 'ct')).toEqual(['CT']);
    expect(addTag(['North'], 'InstitutionName', 'north ')).toEqual(['North']);
    expect(addTag(['CT'], 'Modality', '  ')).toEqual(['CT']);
    expect(addTag(['CT'], 'Modality', 'us')).toEqual(['CT', 'US']);
  });
});
