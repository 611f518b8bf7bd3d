/** The viewport grids the layout picker offers, and how a layout change keeps what is shown. */
export type LayoutKey = '1x1' | '1x2' | '2x2';

export interface Layout {
  key: LayoutKey;
  rows: number;
  columns: number;
}

export const LAYOUTS: readonly Layout[] = [
  { key: '1x1', rows: 1, columns: 1 },
  { key: '1x2', rows: 1, columns: 2 },
  { key: '2x2', rows: 2, columns: 2 },
];

export const DEFAULT_LAYOUT: LayoutKey = '1x1';

export function layoutOf(key: LayoutKey): Layout {
  return LAYOUTS.find((layout) => layout.key === key) ?? (LAYOUTS[0] as Layout);
}

export function cellCount(key: LayoutKey): number {
  const layout = layoutOf(key);
  return layout.rows * layout.columns;
}

/**
 * The series shown in each cell after switching to `key`: cells keep their series, new cells
 * take the next series not shown yet (in list order), and cells beyond the new count are dropped.
 */
export function assignSeries(key: LayoutKey, current: readonly (string | null)[], seriesUids: readonly string[]): (string | null)[] {
  const count = cellCount(key);
  const cells = current.slice(0, count);
  const shown = new Set(cells.filter((uid): uid is string => uid !== null));
  const unused = seriesUids.filter((uid) => !shown.has(uid));
  while (cells.length < count) cells.push(unused.shift() ?? null);
  return cells;
}
