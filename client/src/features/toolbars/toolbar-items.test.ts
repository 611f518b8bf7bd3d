import { describe, expect, it } from 'vitest';
import { defaultListToolbar, type PermissionKey, type ToolbarItem } from '@pacs/common';
import {
  addItem,
  itemAt,
  moveItem,
  newDivider,
  newFeature,
  newFolder,
  nextFolderNo,
  offeredFeatures,
  siteHiddenFeatures,
  placeItem,
  removeItem,
  updateItem,
} from './toolbar-items.ts';

const keys = (items: readonly ToolbarItem[]) => items.map((item) => item.key);

describe('toolbar items', () => {
  it('offers only unused features the permissions allow', () => {
    const items = [newFeature('list', 'viewer', 'left')];
    const can = (permission: PermissionKey) => permission === 'viewer' || permission === 'list_export';
    expect(offeredFeatures('list', items, can)).toEqual(['export', 'search', 'refresh']);
    expect(offeredFeatures('list', items, can, 'viewer')).toEqual(['viewer', 'export', 'search', 'refresh']);
    // Children of folders count as used.
    expect(offeredFeatures('list', defaultListToolbar(), () => true)).toEqual(['import_sample']);
  });

  it('numbers new folders and dividers after the highest', () => {
    const items = defaultListToolbar();
    expect(nextFolderNo(items)).toBe(3);
    expect(nextFolderNo([])).toBe(1);
    expect(newFolder(items, '  Mine ', 'right')).toMatchObject({ key: '3', type: 'folder', label: 'Mine', position: 'right', items: [] });
    expect(newDivider(items, 'left').key).toBe('divider_2');
    expect(newFeature('viewer', 'sync', 'left').type).toBe('checkbox');
  });

  it('adds, removes, updates and moves at the top level and inside folders', () => {
    let items: ToolbarItem[] = [newFeature('list', 'viewer', 'left'), newFolder([], 'Edit', 'left'), newFeature('list', 'search', 'right')];
    items = addItem(items, newFeature('list', 'add', 'left'), 1);
    items = addItem(items, newFeature('list', 'edit', 'left'), 1);
    expect(keys(itemAt(items, [1])?.items ?? [])).toEqual(['add', 'edit']);
    items = moveItem(items, [1, 1], -1);
    expect(keys(itemAt(items, [1])?.items ?? [])).toEqual(['edit', 'add']);
    expect(keys(moveItem(items, [0], -1))).toEqual(['viewer', '1', 'search']);
    expect(keys(moveItem(items, [0], 1))).toEqual(['1', 'viewer', 'search']);
    items = updateItem(items, [1, 0], { is_visible: false });
    expect(itemAt(items, [1, 0])?.is_visible).toBe(false);
    items = removeItem(items, [1, 1]);
    expect(keys(itemAt(items, [1])?.items ?? [])).toEqual(['edit']);
    expect(keys(removeItem(items, [2]))).toEqual(['viewer', '1']);
  });

  it('moves items into and out of folders, never a folder into a folder', () => {
    let items: ToolbarItem[] = [newFeature('list', 'viewer', 'left'), newFolder([], 'Edit', 'left')];
    items = placeItem(items, [0], 1);
    expect(keys(items)).toEqual(['1']);
    expect(keys(itemAt(items, [0])?.items ?? [])).toEqual(['viewer']);
    items = placeItem(items, [0, 0], null);
    expect(keys(items)).toEqual(['1', 'viewer']);
    items = addItem(items, newFolder(items, 'Other', 'left'));
    expect(placeItem(items, [0], 2)).toEqual(items);
  });
});

describe('features the site hides', () => {
  it('stops offering Import sample when admin/general/option hides it', () => {
    const offered = (hidden: boolean) =>
      offeredFeatures('list', defaultListToolbar(), () => true, undefined, siteHiddenFeatures({ is_invisible_import_sample: hidden }));
    expect(offered(false)).toContain('import_sample');
    expect(offered(true)).not.toContain('import_sample');
  });
});
