/**
 * What the charts draw, as plain data (unit-tested without React): the 25-colour palette, the
 * series of each chart, the plan cap as a line, and the pie's slices.
 */
import type { ModalityStatisticsRow, StatisticsUnit } from './types.ts';

/**
 * The 25 chart colours (spec 3 §2, §9), in an order where neighbours differ in hue and lightness,
 * readable on white.
 */
export const CHART_PALETTE: readonly string[] = [
  '#2f6fdf',
  '#e4572e',
  '#17a398',
  '#f2a541',
  '#8e5ad1',
  '#4caf50',
  '#d6336c',
  '#1b9aaa',
  '#c1781d',
  '#5c6bc0',
  '#7cb342',
  '#ef6c00',
  '#00838f',
  '#ad1457',
  '#6d4c41',
  '#3949ab',
  '#9e9d24',
  '#00897b',
  '#e53935',
  '#546e7a',
  '#fb8c00',
  '#8d6e63',
  '#43a047',
  '#7b1fa2',
  '#0277bd',
];

export const paletteColor = (index: number): string => CHART_PALETTE[index % CHART_PALETTE.length]!;

/** Spec 3 §9: the pie re-renders after 1 s (its container has its final size by then). */
export const PIE_RERENDER_MS = 1000;

export const SCOPES: readonly StatisticsUnit[] = ['day', 'month', 'year'];
export const DEFAULT_SCOPE: StatisticsUnit = 'month';

/** One bar per period, one key per modality (stacked), from /modalities/statistics rows. */
export function modalityBars(rows: readonly ModalityStatisticsRow[]): { keys: string[]; bars: Record<string, string | number>[] } {
  const keys = [...new Set(rows.map((row) => row.Modality))].sort();
  const byDate = new Map<string, Record<string, string | number>>();
  for (const row of rows) {
    const bar = byDate.get(row.Date) ?? { Date: row.Date };
    bar[row.Modality] = row.Count;
    byDate.set(row.Date, bar);
  }
  return { keys, bars: [...byDate.values()].sort((a, b) => String(a.Date).localeCompare(String(b.Date))) };
}

/** The pie's slices: each modality's total over the period, without empty ones, largest first. */
export function modalitySlices(rows: readonly ModalityStatisticsRow[]): { id: string; label: string; value: number; color: string }[] {
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(row.Modality, (totals.get(row.Modality) ?? 0) + row.Count);
  return [...totals.entries()]
    .filter(([, value]) => value > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([modality, value], index) => ({ id: modality || '—', label: modality || '—', value, color: paletteColor(index) }));
}

/**
 * A plan cap as a chart marker (spec 3 §2: 0 = none drawn). The monthly share cap applies to
 * months only: a day or a year is not compared with it.
 */
export function capMarker(cap: number, options: { monthlyOnly?: boolean; unit?: StatisticsUnit } = {}): number | null {
  if (!(cap > 0)) return null;
  if (options.monthlyOnly && options.unit !== 'month') return null;
  return cap;
}

/** Whether every value is 0: the chart shows its empty state instead. */
export const allZero = (values: readonly number[]): boolean => values.every((value) => value === 0);
