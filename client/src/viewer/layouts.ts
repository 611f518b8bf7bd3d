/**
 * Viewport grids: the series grid (one series per cell) and the image grid (consecutive images of
 * a series inside one cell). A layout is written `RxC` (rows × columns), as in the viewer
 * settings (spec 2 §9: default 2x2 series and 1x1 image; the hanging protocols that choose a
 * study's first grids are common's `hangingProtocol`).
 */
export type LayoutKey = string;

export interface Layout {
  key: LayoutKey;
  rows: number;
  columns: number;
}

const MAX_SIDE = 4;

/** The grids the layout pickers offer (common's lists, which the settings rules also read). */
export { IMAGE_LAYOUTS, SERIES_LAYOUTS } from '@pacs/common';

export const DEFAULT_LAYOUT: LayoutKey = '2x2';
export const DEFAULT_IMAGE_LAYOUT: LayoutKey = '1x1';

/** Parses `RxC`; anything else (or a side beyond 4) is 1x1. */
export function layoutOf(key: LayoutKey): Layout {
  const match = /^(\d)x(\d)$/.exec(key);
  const rows = Number(match?.[1] ?? 1);
  const columns = Number(match?.[2] ?? 1);
  if (!match || rows < 1 || columns < 1 || rows > MAX_SIDE || columns > MAX_SIDE) return { key: '1x1', rows: 1, columns: 1 };
  return { key, rows, columns };
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
