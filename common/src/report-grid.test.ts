import { describe, expect, it } from 'vitest';
import { reportGrid } from './report-grid.ts';

describe('reportGrid', () => {
  it('uses one column when only one item is visible', () => {
    expect(reportGrid({ logo: { visible: true, position: 'center' }, text: { visible: false, position: 'left' } })).toEqual({
      columns: 1,
      rows: 1,
      cells: [{ item: 'logo', column: 0, row: 0, align: 'center' }],
    });
  });

  it('stacks both in one column of two rows when they share a position, reversible', () => {
    const grid = reportGrid({ logo: { visible: true, position: 'left' }, text: { visible: true, position: 'left' } });
    expect(grid).toMatchObject({ columns: 1, rows: 2 });
    expect(grid.cells.map((cell) => [cell.item, cell.row])).toEqual([
      ['logo', 0],
      ['text', 1],
    ]);
    const reversed = reportGrid({ logo: { visible: true, position: 'left' }, text: { visible: true, position: 'left' }, reversed: true });
    expect(reversed.cells.map((cell) => [cell.item, cell.row])).toEqual([
      ['text', 0],
      ['logo', 1],
    ]);
  });

  it('uses two columns for left and right, three otherwise', () => {
    const two = reportGrid({ logo: { visible: true, position: 'left' }, text: { visible: true, position: 'right' } });
    expect(two).toMatchObject({ columns: 2, rows: 1 });
    expect(two.cells.find((cell) => cell.item === 'text')).toMatchObject({ column: 1, align: 'right' });
    const three = reportGrid({ logo: { visible: true, position: 'center' }, text: { visible: true, position: 'right' } });
    expect(three).toMatchObject({ columns: 3, rows: 1 });
    expect(three.cells.find((cell) => cell.item === 'logo')).toMatchObject({ column: 1, align: 'center' });
  });

  it('mirrors left and right for right-to-left languages', () => {
    const grid = reportGrid({ logo: { visible: true, position: 'left' }, text: { visible: true, position: 'right' }, rtl: true });
    expect(grid.cells.find((cell) => cell.item === 'logo')).toMatchObject({ column: 1, align: 'right' });
    expect(grid.cells.find((cell) => cell.item === 'text')).toMatchObject({ column: 0, align: 'left' });
  });

  it('is empty when nothing is visible', () => {
    expect(reportGrid({ logo: { visible: false, position: 'left' }, text: { visible: false, position: 'left' } })).toEqual({
      columns: 0,
      rows: 0,
      cells: [],
    });
  });
});
