/** The translated default names of the ten report sections (configs report.layout keys). */
import { defineMessages } from 'react-intl';
import type { SectionKey } from './sections.ts';

export const SECTION_LABELS = defineMessages({
  findings: { id: 'reports.section.findings' },
  impression: { id: 'reports.section.impression' },
  comments: { id: 'reports.section.comments' },
  row_1: { id: 'reports.section.row_1' },
  row_2: { id: 'reports.section.row_2' },
  row_3: { id: 'reports.section.row_3' },
  row_4: { id: 'reports.section.row_4' },
  row_5: { id: 'reports.section.row_5' },
  row_6: { id: 'reports.section.row_6' },
  row_7: { id: 'reports.section.row_7' },
}) satisfies Record<SectionKey, unknown>;
