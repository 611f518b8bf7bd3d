/**
 * How DICOM values read on every screen (spec 2 §9): the study list, the viewer's header,
 * search bar and overlay, the report header and the share lists all format person names, dates
 * and times through these functions, which live once in common (display-format.ts,
 * person-name.ts) so that the
 * CSV and the report PDF the adapter writes read the same.
 */
export {
  DEFAULT_DATE_FORMAT,
  applyDateFormat,
  formatDicomDate,
  formatDicomDateTime,
  formatDicomTime,
  formatPersonName,
  fullPersonName,
} from '@pacs/common';
