import { describe, expect, it } from 'vitest';
import type { ReportTemplate } from '@pacs/common';
import {
  addFolder,
  addTemplate,
  canDrop,
  moveBy,
  moveNode,
  nextKey,
  parentOf,
  removeNode,
  templatesOf,
  toggleCollapsed,
  updateNode,
} from './template-tree.ts';

const content = { findings: '', impression: '', comments: '' };
const tree: ReportTemplate[] = [
  {
    key: '1',
    type: 'folder',
    label: 'CT',
    items: [
      { key: '2', type: 'template', label: 'Chest' },
      { key: '3', type: 'template', label: 'Head' },
    ],
  },
  { key: '4', type: 'folder', label: 'MR', items: [{ key: '5', type: 'template', label: 'Knee' }] },
];
const labels = (nodes: readonly ReportTemplate[]): unknown[] =>
  nodes.map((node) => (node.items ? [node.label, labels(node.items)] : node.label));

describe('template tree', () => {
  it('adds folders at the top level and templates inside folders, with the next free key', () => {
    expect(nextKey([])).toBe('1');
    expect(nextKey(tree)).toBe('6');
    const withFolder = addFolder(tree, 'US');
    expect(withFolder.at(-1)).toEqual({ key: '6', type: 'folder', label: 'US', is_collapsed: false, items: [] });
    const withTemplate = addTemplate(withFolder, '6', 'Liver', { ...content, findings: 'Normal liver.' });
    expect(withTemplate.at(-1)?.items).toEqual([{ key: '7', type: 'template', label: 'Liver', ...content, findings: 'Normal liver.' }]);
    expect(addTemplate(tree, '2', 'Not a folder', content)).toEqual(tree);
    expect(tree).toHaveLength(2);
  });

  it('edits, collapses and deletes nodes without touching the original', () => {
    expect(updateNode(tree, '3', { label: 'Brain' })[0]?.items?.[1]?.label).toBe('Brain');
    expect(toggleCollapsed(tree, '1')[0]?.is_collapsed).toBe(true);
    expect(labels(removeNode(tree, '2'))).toEqual([
      ['CT', ['Head']],
      ['MR', ['Knee']],
    ]);
    expect(labels(removeNode(tree, '4'))).toEqual([['CT', ['Chest', 'Head']]]);
    expect(labels(tree)).toEqual([
      ['CT', ['Chest', 'Head']],
      ['MR', ['Knee']],
    ]);
  });

  it('reorders by dragging: folders among folders, templates among templates or into a folder', () => {
    expect(labels(moveNode(tree, '4', '1', 'before'))).toEqual([
      ['MR', ['Knee']],
      ['CT', ['Chest', 'Head']],
    ]);
    expect(labels(moveNode(tree, '2', '3', 'after'))).toEqual([
      ['CT', ['Head', 'Chest']],
      ['MR', ['Knee']],
    ]);
    expect(labels(moveNode(tree, '5', '2', 'before'))).toEqual([
      ['CT', ['Knee', 'Chest', 'Head']],
      ['MR', []],
    ]);
    expect(labels(moveNode(tree, '2', '4', 'inside'))).toEqual([
      ['CT', ['Head']],
      ['MR', ['Knee', 'Chest']],
    ]);
  });

  it('refuses drops that would break the shape', () => {
    expect(canDrop(tree, '1', '2', 'before')).toBe(false);
    expect(canDrop(tree, '1', '4', 'inside')).toBe(false);
    expect(canDrop(tree, '2', '1', 'before')).toBe(false);
    expect(canDrop(tree, '2', '2', 'after')).toBe(false);
    expect(canDrop(tree, '2', 'missing', 'after')).toBe(false);
    expect(moveNode(tree, '1', '2', 'before')).toEqual(tree);
  });

  it('moves one step among siblings, and stops at the ends', () => {
    expect(labels(moveBy(tree, '3', -1))).toEqual([
      ['CT', ['Head', 'Chest']],
      ['MR', ['Knee']],
    ]);
    expect(labels(moveBy(tree, '1', 1))).toEqual([
      ['MR', ['Knee']],
      ['CT', ['Chest', 'Head']],
    ]);
    expect(moveBy(tree, '1', -1)).toEqual(tree);
  });

  it('finds parents and lists templates with their folder', () => {
    expect(parentOf(tree, '1')).toBeNull();
    expect(parentOf(tree, '5')?.label).toBe('MR');
    expect(parentOf(tree, 'x')).toBeUndefined();
    expect(templatesOf(tree).map((entry) => `${entry.folder}/${entry.template.label}`)).toEqual(['CT/Chest', 'CT/Head', 'MR/Knee']);
  });
});
