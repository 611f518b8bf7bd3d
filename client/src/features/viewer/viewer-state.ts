/**
 * What the viewer screen shows: the series grid and which series each cell holds, the image grid
 * inside each cell, the active cell, a maximised cell (double click or double tap), and MPR.
 * A pure reducer, so the rules are tested without Cornerstone.
 */
import type { ScreenClass } from '../../lib/use-screen-class.ts';
import { assignSeries, cellCount, DEFAULT_IMAGE_LAYOUT, DEFAULT_LAYOUT, type Layout, type LayoutKey } from '../../viewer/layouts.ts';

export interface ViewerState {
  layout: LayoutKey;
  imageLayout: LayoutKey;
  /** SeriesInstanceUID per cell, row by row; null for an empty cell. */
  cells: (string | null)[];
  active: number;
  /** The cell shown alone, or null. */
  maximised: number | null;
  /** The series shown in MPR, or null for the grid. */
  mpr: string | null;
}

export type ViewerAction =
  /** `cells`: what each cell shows first (a hanging protocol); without it the series fill the grid in order. */
  | {
      type: 'series_loaded';
      seriesUids: readonly string[];
      layout?: LayoutKey;
      imageLayout?: LayoutKey;
      cells?: readonly (string | null)[];
    }
  | { type: 'set_layout'; layout: LayoutKey; seriesUids: readonly string[] }
  | { type: 'set_image_layout'; layout: LayoutKey }
  | { type: 'activate'; cell: number }
  | { type: 'show_series'; cell: number; seriesUid: string }
  /** A series joins the grid: the first empty cell, else a cell added (up to 3x3), else the active one. */
  | { type: 'add_series'; seriesUid: string }
  | { type: 'toggle_maximise'; cell: number }
  | { type: 'mpr'; seriesUid: string | null }
  /** A compared study's series goes beside the active cell (the grid grows to 1x2 when it has one cell). */
  | { type: 'compare'; seriesUid: string }
  /** The comparison ends: cells showing these series become empty. */
  | { type: 'uncompare'; seriesUids: readonly string[] };

/** The grids a series added by double click grows through. */
const GROW_LAYOUTS: readonly LayoutKey[] = ['1x2', '2x2', '2x3', '3x3'];

/** The series grid a comparison opens when the grid has a single cell. */
const COMPARE_LAYOUT: LayoutKey = '1x2';

export const INITIAL_VIEWER_STATE: ViewerState = {
  layout: DEFAULT_LAYOUT,
  imageLayout: DEFAULT_IMAGE_LAYOUT,
  cells: [],
  active: 0,
  maximised: null,
  mpr: null,
};

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case 'series_loaded': {
      // The first answer fills the grid; later refetches keep what the user arranged.
      if (state.cells.some((cell) => cell !== null)) return state;
      const layout = action.layout ?? state.layout;
      const cells = action.cells ? assignSeries(layout, action.cells, []) : assignSeries(layout, [], action.seriesUids);
      return { ...state, layout, imageLayout: action.imageLayout ?? state.imageLayout, cells };
    }
    case 'set_layout': {
      const cells = assignSeries(action.layout, state.cells, action.seriesUids);
      return { ...state, layout: action.layout, cells, active: Math.min(state.active, cells.length - 1), maximised: null, mpr: null };
    }
    case 'set_image_layout':
      return { ...state, imageLayout: action.layout, mpr: null };
    case 'activate':
      return action.cell === state.active || action.cell >= state.cells.length ? state : { ...state, active: action.cell };
    case 'show_series': {
      if (action.cell >= state.cells.length) return state;
      const cells = [...state.cells];
      cells[action.cell] = action.seriesUid;
      return { ...state, cells, active: action.cell, mpr: null };
    }
    case 'add_series': {
      if (state.cells.includes(action.seriesUid)) return state;
      const empty = state.cells.indexOf(null);
      if (empty >= 0) return viewerReducer(state, { type: 'show_series', cell: empty, seriesUid: action.seriesUid });
      const bigger = GROW_LAYOUTS.find((key) => cellCount(key) > state.cells.length);
      if (!bigger) return viewerReducer(state, { type: 'show_series', cell: state.active, seriesUid: action.seriesUid });
      const cells = assignSeries(bigger, state.cells, []);
      cells[state.cells.length] = action.seriesUid;
      return { ...state, layout: bigger, cells, active: state.cells.length, maximised: null, mpr: null };
    }
    case 'toggle_maximise':
      if (action.cell >= state.cells.length) return state;
      return { ...state, active: action.cell, maximised: state.maximised === null ? action.cell : null };
    case 'mpr':
      return { ...state, mpr: action.seriesUid };
    case 'compare': {
      const grow = state.cells.length < 2;
      const layout = grow ? COMPARE_LAYOUT : state.layout;
      const cells = grow ? assignSeries(layout, state.cells, []) : [...state.cells];
      const target = state.active + 1 < cells.length ? state.active + 1 : state.active - 1;
      cells[target] = action.seriesUid;
      return { ...state, layout, cells, maximised: null, mpr: null };
    }
    case 'uncompare': {
      const cells = state.cells.map((uid) => (uid !== null && action.seriesUids.includes(uid) ? null : uid));
      return { ...state, cells };
    }
  }
}

/** The cells of the grid a screen shows, and the grid they are laid out in. */
export interface ShownCells {
  cells: number[];
  columns: number;
  rows: number;
}

/**
 * Which cells this screen class shows (spec 1 §2 breakpoints; issue 21): a phone one viewport,
 * the active one, or the whole grid after a double tap (`phoneGrid`); a tablet two side by side,
 * the active cell and its neighbour; a PC the whole grid, or the maximised cell alone.
 */
export function visibleCells(state: ViewerState, layout: Layout, screen: ScreenClass, phoneGrid: boolean): ShownCells {
  const all = state.cells.map((_, cell) => cell);
  if (screen === 'phone')
    return phoneGrid ? { cells: all, columns: layout.columns, rows: layout.rows } : { cells: [state.active], columns: 1, rows: 1 };
  if (state.maximised !== null) return { cells: [state.maximised], columns: 1, rows: 1 };
  if (screen === 'tablet' && all.length > 2) {
    const first = state.active - (state.active % 2);
    const pair = all.slice(first, first + 2);
    return { cells: pair, columns: pair.length, rows: 1 };
  }
  return { cells: all, columns: layout.columns, rows: layout.rows };
}
