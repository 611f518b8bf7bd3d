/**
 * The report header and footer grid (spec 2 §2): a logo (image or text) and a text block, each at
 * left, center or right, in at most 3 columns by 2 rows. Columns: 1 when both share a position or
 * only one is visible; 2 when one is left and the other right; 3 otherwise. Rows: 2 when both are
 * visible in the same position. `reversed` swaps which of the two comes first where they share
 * a cell column; right-to-left languages mirror left and right.
 */
export type GridPosition = 'left' | 'center' | 'right';

export interface GridInput {
  logo: { visible: boolean; position: GridPosition };
  text: { visible: boolean; position: GridPosition };
  reversed?: boolean;
  rtl?: boolean;
}

export interface GridCell {
  item: 'logo' | 'text';
  /** 0-based column and row. */
  column: number;
  row: number;
  /** Where the item sits inside its cell. */
  align: GridPosition;
}

export interface Grid {
  columns: number;
  rows: number;
  cells: GridCell[];
}

const mirror = (position: GridPosition, rtl: boolean): GridPosition =>
  !rtl ? position : position === 'left' ? 'right' : position === 'right' ? 'left' : 'center';

export function reportGrid(input: GridInput): Grid {
  const rtl = input.rtl === true;
  const visible = (['logo', 'text'] as const)
    .filter((item) => input[item].visible)
    .map((item) => ({ item, position: mirror(input[item].position, rtl) }));
  if (visible.length === 0) return { columns: 0, rows: 0, cells: [] };
  if (visible.length === 1) {
    const [only] = visible;
    return { columns: 1, rows: 1, cells: [{ item: only!.item, column: 0, row: 0, align: only!.position }] };
  }
  const ordered = input.reversed ? [...visible].reverse() : visible;
  const [first, second] = ordered as [(typeof visible)[number], (typeof visible)[number]];
  if (first.position === second.position) {
    // Same position: one column, the two stacked in two rows.
    return {
      columns: 1,
      rows: 2,
      cells: [
        { item: first.item, column: 0, row: 0, align: first.position },
        { item: second.item, column: 0, row: 1, align: second.position },
      ],
    };
  }
  const pair = new Set([first.position, second.position]);
  if (pair.has('left') && pair.has('right')) {
    return {
      columns: 2,
      rows: 1,
      cells: ordered.map((entry) => ({ item: entry.item, column: entry.position === 'left' ? 0 : 1, row: 0, align: entry.position })),
    };
  }
  const columnOf: Record<GridPosition, number> = { left: 0, center: 1, right: 2 };
  return {
    columns: 3,
    rows: 1,
    cells: ordered.map((entry) => ({ item: entry.item, column: columnOf[entry.position], row: 0, align: entry.position })),
  };
}
