/**
 * The editor's sections (spec 2 §9 "Report layout"): findings, impression, comments and seven
 * extra rows, shown in the order and visibility of the configs' report.layout, plus the
 * mapping between a document, the editor's values and the save form.
 */
import type { ReportLayoutItem, ReportTemplate } from '@pacs/common';
import type { EditableStatus, ReportDocument } from './types.ts';

export const SECTION_KEYS = ['findings', 'impression', 'comments', 'row_1', 'row_2', 'row_3', 'row_4', 'row_5', 'row_6', 'row_7'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** Labels the configs hold until an admin renames them; those are shown translated. */
const DEFAULT_LABELS: Record<SectionKey, string> = {
  findings: 'Findings',
  impression: 'Impression',
  comments: 'Comments',
  row_1: 'Row 1',
  row_2: 'Row 2',
  row_3: 'Row 3',
  row_4: 'Row 4',
  row_5: 'Row 5',
  row_6: 'Row 6',
  row_7: 'Row 7',
};

export interface Section {
  key: SectionKey;
  /** The admin's label; null when it is still the default (the screen translates it). */
  label: string | null;
}

export function isSectionKey(key: string): key is SectionKey {
  return (SECTION_KEYS as readonly string[]).includes(key);
}

/** The visible sections in layout order; unknown keys are skipped, a missing layout shows the three main ones. */
export function sectionsFromLayout(layout: readonly ReportLayoutItem[] | undefined): Section[] {
  const items = layout && layout.length > 0 ? layout : SECTION_KEYS.slice(0, 3).map((key) => ({ key, label: '', is_visible: true }));
  const seen = new Set<string>();
  const sections: Section[] = [];
  for (const item of items) {
    if (!item.is_visible || !isSectionKey(item.key) || seen.has(item.key)) continue;
    seen.add(item.key);
    const label = item.label.trim();
    sections.push({ key: item.key, label: label === '' || label === DEFAULT_LABELS[item.key] ? null : label });
  }
  return sections;
}

export interface EditorValues {
  title: string;
  status: EditableStatus;
  sections: Record<SectionKey, string>;
}

export function emptySections(): Record<SectionKey, string> {
  return Object.fromEntries(SECTION_KEYS.map((key) => [key, ''])) as Record<SectionKey, string>;
}

const DOCUMENT_FIELD: Record<SectionKey, keyof ReportDocument> = {
  findings: 'Findings',
  impression: 'Impression',
  comments: 'Comments',
  row_1: 'Row_1',
  row_2: 'Row_2',
  row_3: 'Row_3',
  row_4: 'Row_4',
  row_5: 'Row_5',
  row_6: 'Row_6',
  row_7: 'Row_7',
};

/** A new report starts as a draft. */
export function emptyValues(): EditorValues {
  return { title: '', status: 'Draft', sections: emptySections() };
}

export function valuesFromDocument(document: ReportDocument): EditorValues {
  const sections = emptySections();
  for (const key of SECTION_KEYS) sections[key] = String(document[DOCUMENT_FIELD[key]] ?? '');
  const status = document.Status === 'None' || document.Status === 'Final' ? document.Status : 'Draft';
  return { title: document.Title ?? '', status, sections };
}

export function sectionText(document: ReportDocument, key: SectionKey): string {
  return String(document[DOCUMENT_FIELD[key]] ?? '');
}

export interface DocumentPayload {
  status: EditableStatus;
  title: string;
  findings: string;
  impression: string;
  comments: string;
  row_1: string;
  row_2: string;
  row_3: string;
  row_4: string;
  row_5: string;
  row_6: string;
  row_7: string;
  /** Key image numbers, in the order chosen. */
  images: number[];
}

/** Every section travels, hidden ones too: a layout change must not blank saved text. */
export function payloadFromValues(values: EditorValues, images: readonly number[]): DocumentPayload {
  return { status: values.status, title: values.title.trim(), ...values.sections, images: [...images] };
}

/** Text inserted at a caret: separated from what is around it by a line break. */
export function insertAt(text: string, insert: string, at: number = text.length): string {
  const position = Math.max(0, Math.min(at, text.length));
  const before = text.slice(0, position);
  const after = text.slice(position);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const tail = after === '' || after.startsWith('\n') ? '' : '\n';
  return `${before}${lead}${insert}${tail}${after}`;
}

const TEMPLATE_SECTIONS = ['findings', 'impression', 'comments'] as const;

/**
 * Puts a template into the editor's sections. A template holds text for findings, impression and
 * comments; the focused section gets the template's text for it at the caret, or — when the
 * template has none for it (an extra row) — all of the template's text. Other sections the
 * template fills get their text appended.
 */
export function applyTemplate(
  sections: Record<SectionKey, string>,
  template: ReportTemplate,
  focus: { key: SectionKey; caret: number } | null,
  visible: readonly SectionKey[],
): Record<SectionKey, string> {
  const next = { ...sections };
  const own = (key: SectionKey) => (TEMPLATE_SECTIONS as readonly string[]).includes(key) && (template[key as 'findings'] ?? '') !== '';
  const target = focus ?? (visible[0] ? { key: visible[0], caret: sections[visible[0]].length } : null);
  if (target && !own(target.key)) {
    const all = TEMPLATE_SECTIONS.map((key) => template[key] ?? '')
      .filter(Boolean)
      .join('\n\n');
    if (all !== '') next[target.key] = insertAt(next[target.key], all, target.caret);
    return next;
  }
  for (const key of TEMPLATE_SECTIONS) {
    const text = template[key] ?? '';
    if (text === '' || !visible.includes(key)) continue;
    next[key] = target?.key === key ? insertAt(next[key], text, target.caret) : insertAt(next[key], text);
  }
  return next;
}
