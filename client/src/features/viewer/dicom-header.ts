/**
 * The DICOM header dialog's rows: every attribute of a DICOM JSON data set (sequences flattened
 * with their items indented), with its keyword from the data dictionary, and the search over them.
 */
import type { DicomJsonAttribute, DicomJsonDataSet } from './api/get-dicom-header.ts';

export interface HeaderRow {
  /** `(gggg,eeee)`. */
  tag: string;
  keyword: string;
  vr: string;
  value: string;
  depth: number;
}

/** Keyword of a tag in `(gggg,eeee)` form, '' when the dictionary does not know it. */
export type KeywordOf = (tag: string) => string;

export function formatTag(hex: string): string {
  const upper = hex.toUpperCase();
  return `(${upper.slice(0, 4)},${upper.slice(4, 8)})`;
}

const MAX_VALUE_LENGTH = 256;

function valueText(attribute: DicomJsonAttribute): string {
  if (attribute.BulkDataURI !== undefined || attribute.InlineBinary !== undefined) return '(binary)';
  const values = (attribute.Value ?? []).map((value) => {
    if (value === null || value === undefined) return '';
    if (typeof value === 'object') {
      const name = value as { Alphabetic?: string; Ideographic?: string; Phonetic?: string };
      if (attribute.vr === 'PN') return [name.Alphabetic, name.Ideographic, name.Phonetic].filter(Boolean).join('=');
      return JSON.stringify(value);
    }
    return String(value);
  });
  const text = values.join('\\');
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
}

export function headerRows(dataSet: DicomJsonDataSet, keywordOf: KeywordOf, depth = 0): HeaderRow[] {
  const rows: HeaderRow[] = [];
  for (const hex of Object.keys(dataSet).sort()) {
    const attribute = dataSet[hex];
    if (!attribute) continue;
    const tag = formatTag(hex);
    const keyword = keywordOf(tag);
    if (attribute.vr === 'SQ') {
      const items = (attribute.Value ?? []) as DicomJsonDataSet[];
      rows.push({ tag, keyword, vr: 'SQ', value: `${items.length}`, depth });
      items.forEach((item, index) => {
        rows.push({ tag: `#${index + 1}`, keyword: '', vr: '', value: '', depth: depth + 1 });
        rows.push(...headerRows(item, keywordOf, depth + 2));
      });
      continue;
    }
    rows.push({ tag, keyword, vr: attribute.vr, value: valueText(attribute), depth });
  }
  return rows;
}

/** Rows whose tag, keyword or value contains every word of `query` (case-insensitive). */
export function searchRows(rows: readonly HeaderRow[], query: string): HeaderRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...rows];
  return rows.filter((row) => {
    const text = `${row.tag} ${row.tag.replace(/[(),]/g, '')} ${row.keyword} ${row.value}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}
