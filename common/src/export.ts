/**
 * Export (issue 15): the list's selected studies, series and instances as a zip of DICOM files with a
 * DICOMDIR, optionally anonymized with the configs' anonymization list (spec 2 §9).
 * `POST /studies/export` takes an ExportRequest and answers the zip as a stream; its headers give
 * the client what it needs for a progress bar before the first byte of the zip.
 */
import { ANONYMIZATION_KEYS, type AnonymizationItem } from './configs/defaults.ts';

/** A whole study, one series of it, or one instance of a series (which then names its series). */
export interface ExportItem {
  StudyInstanceUID: string;
  SeriesInstanceUID?: string;
  SOPInstanceUID?: string;
}

export interface ExportRequest {
  Items: ExportItem[];
  /** Blank the enabled items of configs.anonymization in every file. */
  Anonymize: boolean;
}

/** Headers of the answer: the number of DICOM files, and the zip's expected size in bytes (an estimate). */
export const EXPORT_HEADERS = { instances: 'X-Export-Instances', bytes: 'X-Export-Bytes' } as const;

/** At most this many studies in one export (one request holds one archive stream). */
export const EXPORT_MAX_STUDIES = 200;
/** At most this many items (studies, series and instances) in one request. */
export const EXPORT_MAX_ITEMS = 10_000;

export type AnonymizationKey = (typeof ANONYMIZATION_KEYS)[number][0];

const KNOWN_KEYS: ReadonlySet<string> = new Set(ANONYMIZATION_KEYS.map(([key]) => key));

/** The keys an anonymized export applies: the enabled items this product knows, in list order. */
export function enabledAnonymization(items: readonly AnonymizationItem[]): AnonymizationKey[] {
  const keys: AnonymizationKey[] = [];
  for (const item of items)
    if (item.is_enabled && KNOWN_KEYS.has(item.key) && !keys.includes(item.key as AnonymizationKey))
      keys.push(item.key as AnonymizationKey);
  return keys;
}
