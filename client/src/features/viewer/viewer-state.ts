/**
 * What the viewer screen shows: the layout, which series each cell holds and the active cell.
 * A pure reducer, so the rules are tested without Cornerstone.
 */
import { assignSeries, DEFAULT_LAYOUT, type LayoutKey } from '../../viewer/layouts.ts';

export interface ViewerState {
  layout: LayoutKey;
  /** SeriesInstanceUID per cell, row by row; null for an empty cell. */
  cells: (string | null)[];
  active: number;
}

export type ViewerAction =
  | { type: 'series_loaded'; seriesUids: readonly string[] }
  | { type: 'set_layout'; layout: LayoutKey; seriesUids: readonly string[] }
  | { type: 'activate'; cell: number }
  | { type: 'show_series'; cell: number; seriesUid: string };

export const INITIAL_VIEWER_STATE: ViewerState = { layout: DEFAULT_LAYOUT, cells: [], active: 0 };

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  switch (action.type) {
    case 'series_loaded':
      // The first answer fills the grid; later refetches keep what the user arranged.
      if (state.cells.some((cell) => cell !== null)) return state;
      return { ...state, cells: assignSeries(state.layout, [], action.seriesUids) };
    case 'set_layout': {
      const cells = assignSeries(action.layout, state.cells, action.seriesUids);
      return { layout: action.layout, cells, active: Math.min(state.active, cells.length - 1) };
    }
    case 'activate':
      return action.cell === state.active || action.cell >= state.cells.length ? state : { ...state, active: action.cell };
    case 'show_series': {
      if (action.cell >= state.cells.length) return state;
      const cells = [...state.cells];
      cells[action.cell] = action.seriesUid;
      return { ...state, cells, active: action.cell };
    }
  }
}
