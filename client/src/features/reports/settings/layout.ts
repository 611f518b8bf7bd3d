/**
 * The report layout (spec 2 §9 "Report layout", configs report.layout): findings, impression,
 * comments and seven extra rows, each with a label and a visibility, in the order the editor
 * shows them. The editors always work on all ten sections.
 */
import { defaultConfigs, type ReportLayoutItem } from '@pacs/common';

export function defaultLayout(): ReportLayoutItem[] {
  return defaultConfigs().report.layout;
}

/** The stored layout with unknown and repeated keys dropped and missing sections appended hidden. */
export function completeLayout(stored: readonly ReportLayoutItem[] | undefined): ReportLayoutItem[] {
  const defaults = defaultLayout();
  const known = new Set(defaults.map((item) => item.key));
  const seen = new Set<string>();
  const result: ReportLayoutItem[] = [];
  for (const item of stored ?? []) {
    if (!known.has(item.key) || seen.has(item.key)) continue;
    seen.add(item.key);
    result.push({ key: item.key, label: item.label, is_visible: item.is_visible });
  }
  const missing = defaults.filter((item) => !seen.has(item.key));
  // A fresh tree shows the defaults' visibility; a stored one gains new sections hidden.
  return [...result, ...missing.map((item) => (stored && stored.length > 0 ? { ...item, is_visible: false } : item))];
}

/** What is saved: a blank label falls back to the default one, which screens translate. */
export function normaliseLayout(items: readonly ReportLayoutItem[]): ReportLayoutItem[] {
  const defaults = new Map(defaultLayout().map((item) => [item.key, item.label]));
  return items.map((item) => ({ ...item, label: item.label.trim() || (defaults.get(item.key) ?? item.key) }));
}
