import type { IntlShape } from 'react-intl';

export interface LevelCounts {
  studies: number;
  series: number;
  instances: number;
}

/** "1 study, 2 series and 3 images" in the chosen language, without the levels that count 0. */
export function countsText(intl: Pick<IntlShape, 'formatMessage' | 'formatList'>, counts: LevelCounts): string {
  const parts = [
    counts.studies > 0 ? intl.formatMessage({ id: 'trash.count.studies' }, { count: counts.studies }) : '',
    counts.series > 0 ? intl.formatMessage({ id: 'trash.count.series' }, { count: counts.series }) : '',
    counts.instances > 0 ? intl.formatMessage({ id: 'trash.count.instances' }, { count: counts.instances }) : '',
  ].filter(Boolean);
  if (parts.length === 0) return intl.formatMessage({ id: 'trash.count.studies' }, { count: 0 });
  return intl.formatList(parts, { type: 'conjunction' });
}
