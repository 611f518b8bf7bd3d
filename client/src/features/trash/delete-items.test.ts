import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { ENGLISH } from '../../i18n/messages.ts';
import { countsText } from './counts.ts';
import { deleteSummary } from './delete-items.ts';

describe('what the list sends to the bin', () => {
  it('counts whole studies, series and single images apart', () => {
    expect(
      deleteSummary([
        { StudyInstanceUID: '1' },
        { StudyInstanceUID: '2', SeriesInstanceUID: '2.1' },
        { StudyInstanceUID: '2', SeriesInstanceUID: '2.2' },
        { StudyInstanceUID: '3', SeriesInstanceUID: '3.1', SOPInstanceUID: '3.1.1' },
      ]),
    ).toEqual({ studies: 1, series: 2, instances: 1 });
  });

  it('reads the counts out without the levels that count 0', () => {
    const intl = createIntl({ locale: 'en', messages: ENGLISH });
    expect(countsText(intl, { studies: 1, series: 0, instances: 0 })).toBe('1 study');
    expect(countsText(intl, { studies: 0, series: 2, instances: 1 })).toBe('2 series and 1 image');
    expect(countsText(intl, { studies: 0, series: 0, instances: 0 })).toBe('0 studies');
  });
});
