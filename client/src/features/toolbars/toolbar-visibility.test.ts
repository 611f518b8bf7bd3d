import { describe, expect, it } from 'vitest';
import { toolbarDivider, toolbarFeature, toolbarFolder, type PermissionKey, type ToolbarItem } from '@pacs/common';
import { featurePermission, isToolbarItemVisible, visibleFolderItems, visibleToolbarItems } from './toolbar-visibility.ts';

const only =
  (...granted: PermissionKey[]) =>
  (permission: PermissionKey) =>
    granted.includes(permission);
const keys = (items: readonly ToolbarItem[]) => items.map((item) => (item.type === 'divider' ? '|' : item.key));
const off = (item: ToolbarItem): ToolbarItem => ({ ...item, is_visible: false });

describe('featurePermission', () => {
  it('reads the one catalogue, per page', () => {
    expect(featurePermission('list', 'share')).toBe('list_share');
    // The sample import needs the import permission too (the list toolbar once let it through).
    expect(featurePermission('list', 'import_sample')).toBe('list_import');
    expect(featurePermission('viewer', 'capture')).toBe('viewer_capture');
    expect(featurePermission('report', 'layout')).toBe('admin');
    expect(featurePermission('viewer', 'pan')).toBeUndefined();
  });
});

describe('visibleToolbarItems', () => {
  it('hides what the user switched off and what the account may not use, then tidies dividers', () => {
    const items = [
      toolbarFeature('viewer'),
      toolbarDivider(1),
      toolbarFeature('share'),
      toolbarDivider(2),
      toolbarDivider(3),
      off(toolbarFeature('csv')),
      toolbarFeature('refresh'),
      toolbarDivider(4),
    ];
    expect(keys(visibleToolbarItems('list', items, { can: only('viewer') }).left)).toEqual(['viewer', '|', 'refresh']);
    expect(keys(visibleToolbarItems('list', items, { can: only('viewer', 'list_share', 'list_csv') }).left)).toEqual([
      'viewer',
      '|',
      'share',
      '|',
      'refresh',
    ]);
  });

  it('hides a divider the user switched off', () => {
    const items = [toolbarFeature('refresh'), off(toolbarDivider(5)), toolbarFeature('search')];
    expect(keys(visibleToolbarItems('list', items, { can: only() }).left)).toEqual(['refresh', 'search']);
  });

  it('splits left and right', () => {
    const items = [toolbarFeature('refresh'), toolbarFeature('search', { position: 'right' })];
    const { left, right } = visibleToolbarItems('list', items, { can: only() });
    expect([keys(left), keys(right)]).toEqual([['refresh'], ['search']]);
  });

  it('shows a folder while one of its items shows, and only those items inside it', () => {
    const folder = toolbarFolder(1, 'Tools', [toolbarFeature('capture'), toolbarDivider(6), toolbarFeature('pan')]);
    const context = { can: only() };
    expect(isToolbarItemVisible('viewer', folder, context)).toBe(true);
    expect(keys(visibleFolderItems('viewer', folder, context))).toEqual(['pan']);
    const guarded = toolbarFolder(2, 'Out', [toolbarFeature('capture'), toolbarFeature('export')]);
    expect(isToolbarItemVisible('viewer', guarded, context)).toBe(false);
  });

  it('leaves out features a page does not implement, and folders where a page draws none', () => {
    const context = { can: only(), implemented: (key: string) => key !== 'vhs' };
    expect(keys(visibleToolbarItems('viewer', [toolbarFeature('vhs'), toolbarFeature('pan')], context).left)).toEqual(['pan']);
    const folder = toolbarFolder(3, 'F', [toolbarFeature('viewer')]);
    expect(isToolbarItemVisible('report', folder, { can: only('viewer'), folders: false })).toBe(false);
  });
});
