import { describe, expect, it } from 'vitest';
import { layoutOf } from '../../viewer/layouts.ts';
import { INITIAL_VIEWER_STATE, viewerReducer, visibleCells } from './viewer-state.ts';

const uids = ['s1', 's2', 's3'];

describe('viewerReducer', () => {
  it('starts 2x2 series and 1x1 image, or with the layouts it is given', () => {
    const state = viewerReducer(INITIAL_VIEWER_STATE, { type: 'series_loaded', seriesUids: uids });
    expect(state).toMatchObject({ layout: '2x2', imageLayout: '1x1', cells: ['s1', 's2', 's3', null], active: 0 });
    expect(viewerReducer(state, { type: 'series_loaded', seriesUids: ['x'] })).toBe(state);
    const mr = viewerReducer(INITIAL_VIEWER_STATE, { type: 'series_loaded', seriesUids: uids, layout: '1x2', imageLayout: '2x2' });
    expect(mr).toMatchObject({ layout: '1x2', imageLayout: '2x2', cells: ['s1', 's2'] });
  });

  it('opens on the cells a hanging protocol chose, empty ones included', () => {
    const mg = viewerReducer(INITIAL_VIEWER_STATE, { type: 'series_loaded', seriesUids: uids, layout: '2x2', cells: ['s2', null, 's1'] });
    expect(mg.cells).toEqual(['s2', null, 's1', null]);
  });

  it('adds a double-clicked series to the first empty cell, else grows the grid, else replaces the active one', () => {
    let state = viewerReducer(INITIAL_VIEWER_STATE, { type: 'series_loaded', seriesUids: uids, layout: '1x1' });
    state = viewerReducer(state, { type: 'add_series', seriesUid: 's2' });
    expect(state).toMatchObject({ layout: '1x2', cells: ['s1', 's2'], active: 1 });
    expect(viewerReducer(state, { type: 'add_series', seriesUid: 's2' })).toBe(state);
    state = viewerReducer(state, { type: 'add_series', seriesUid: 's3' });
    expect(state).toMatchObject({ layout: '2x2', cells: ['s1', 's2', 's3', null], active: 2 });
    state = viewerReducer(state, { type: 'add_series', seriesUid: 's4' });
    expect(state).toMatchObject({ layout: '2x2', cells: ['s1', 's2', 's3', 's4'], active: 3 });
  });

  it('fills new cells on a bigger layout and keeps the active cell inside a smaller one', () => {
    let state = viewerReducer(INITIAL_VIEWER_STATE, { type: 'series_loaded', seriesUids: uids, layout: '1x1' });
    state = viewerReducer(state, { type: 'set_layout', layout: '2x2', seriesUids: uids });
    expect(state.cells).toEqual(['s1', 's2', 's3', null]);
    state = viewerReducer(state, { type: 'activate', cell: 3 });
    expect(state.active).toBe(3);
    state = viewerReducer(state, { type: 'set_layout', layout: '1x2', seriesUids: uids });
    expect(state).toMatchObject({ layout: '1x2', cells: ['s1', 's2'], active: 1 });
  });

  it('loads a series into a cell and makes it active', () => {
    let state = viewerReducer(INITIAL_VIEWER_STATE, { type: 'set_layout', layout: '1x2', seriesUids: uids });
    state = viewerReducer(state, { type: 'show_series', cell: 1, seriesUid: 's3' });
    expect(state).toMatchObject({ layout: '1x2', cells: ['s1', 's3'], active: 1 });
    expect(viewerReducer(state, { type: 'show_series', cell: 5, seriesUid: 's2' })).toBe(state);
  });

  it('maximises a cell and back, and switches MPR on and off', () => {
    let state = viewerReducer(INITIAL_VIEWER_STATE, { type: 'series_loaded', seriesUids: uids });
    state = viewerReducer(state, { type: 'toggle_maximise', cell: 2 });
    expect(state).toMatchObject({ maximised: 2, active: 2 });
    state = viewerReducer(state, { type: 'toggle_maximise', cell: 2 });
    expect(state.maximised).toBeNull();
    state = viewerReducer(state, { type: 'mpr', seriesUid: 's1' });
    expect(state.mpr).toBe('s1');
    state = viewerReducer(state, { type: 'set_image_layout', layout: '2x2' });
    expect(state).toMatchObject({ imageLayout: '2x2', mpr: null });
  });

  it('puts a compared series beside the active cell, growing a single cell to 1x2', () => {
    let state = viewerReducer(INITIAL_VIEWER_STATE, { type: 'series_loaded', seriesUids: uids, layout: '1x1' });
    state = viewerReducer(state, { type: 'compare', seriesUid: 'other' });
    expect(state).toMatchObject({ layout: '1x2', cells: ['s1', 'other'], active: 0 });
    state = viewerReducer(state, { type: 'activate', cell: 1 });
    state = viewerReducer(state, { type: 'compare', seriesUid: 'third' });
    expect(state.cells).toEqual(['third', 'other']);
    state = viewerReducer(state, { type: 'uncompare', seriesUids: ['other', 'third'] });
    expect(state.cells).toEqual([null, null]);
  });
});

describe('visibleCells', () => {
  const grid = viewerReducer(INITIAL_VIEWER_STATE, { type: 'series_loaded', seriesUids: uids, layout: '2x2' });
  const layout = layoutOf('2x2');

  it('shows a phone the active viewport alone, and the whole grid after a double tap', () => {
    const active = viewerReducer(grid, { type: 'activate', cell: 2 });
    expect(visibleCells(active, layout, 'phone', false)).toEqual({ cells: [2], columns: 1, rows: 1 });
    expect(visibleCells(active, layout, 'phone', true)).toEqual({ cells: [0, 1, 2, 3], columns: 2, rows: 2 });
  });

  it('shows a tablet two viewports side by side: the active one and its neighbour', () => {
    expect(visibleCells(grid, layout, 'tablet', false)).toEqual({ cells: [0, 1], columns: 2, rows: 1 });
    const third = viewerReducer(grid, { type: 'activate', cell: 3 });
    expect(visibleCells(third, layout, 'tablet', false)).toEqual({ cells: [2, 3], columns: 2, rows: 1 });
    const single = viewerReducer(INITIAL_VIEWER_STATE, { type: 'series_loaded', seriesUids: ['s1'], layout: '1x1' });
    expect(visibleCells(single, layoutOf('1x1'), 'tablet', false)).toEqual({ cells: [0], columns: 1, rows: 1 });
  });

  it('shows a PC the whole grid, or the maximised cell alone', () => {
    expect(visibleCells(grid, layout, 'pc', false)).toEqual({ cells: [0, 1, 2, 3], columns: 2, rows: 2 });
    const maximised = viewerReducer(grid, { type: 'toggle_maximise', cell: 1 });
    expect(visibleCells(maximised, layout, 'pc', false)).toEqual({ cells: [1], columns: 1, rows: 1 });
    expect(visibleCells(maximised, layout, 'tablet', false)).toEqual({ cells: [1], columns: 1, rows: 1 });
  });
});
