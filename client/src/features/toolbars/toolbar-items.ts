/**
 * The toolbar editor's model (spec 2 §2 "Toolbar settings tables", §3 "Toolbar item"): which
 * features each page offers and the permission each needs, and the edits on a list of items
 * (top-level items and the children of folders), addressed by position. Every edit returns a
 * new list; the editor saves it whole.
 */
import {
  defaultGuestListToolbar,
  defaultGuestReportToolbar,
  defaultGuestViewerToolbar,
  defaultListToolbar,
  defaultMwmToolbar,
  defaultReportToolbar,
  defaultViewerToolbar,
  toolbarDivider,
  toolbarFeature,
  toolbarFolder,
  type PermissionKey,
  type Permissions,
  type ToolbarFeatureKey,
  type ToolbarItem,
  type ToolbarItemType,
  type ToolbarPosition,
} from '@pacs/common';
import type { GuestToolbarPage, ToolbarPage } from './toolbar-source.ts';
import { moveEntry } from '../../lib/move-entry.ts';

export type { GuestToolbarPage, ToolbarPage };
/** The pages whose toolbars share guests get (admin/share/guest's tabs). */
export const TOOLBAR_PAGES: readonly GuestToolbarPage[] = ['list', 'viewer', 'report'];

interface FeatureSpec {
  key: ToolbarFeatureKey;
  /** Hidden without it; none means everyone who reaches the page may use it. */
  permission?: PermissionKey;
  /** Built-in widgets keep their own item type. */
  type?: ToolbarItemType;
}

/**
 * What each page's toolbar can hold, in catalogue order, with the permission each needs: the
 * one table the toolbars show items by (toolbar-visibility.ts) and the editor offers them from.
 */
export const PAGE_FEATURES: Record<ToolbarPage, readonly FeatureSpec[]> = {
  list: [
    { key: 'viewer', permission: 'viewer' },
    { key: 'report', permission: 'report' },
    { key: 'add', permission: 'list_add' },
    { key: 'edit', permission: 'list_edit' },
    { key: 'note', permission: 'list_note' },
    { key: 'delete', permission: 'list_delete' },
    { key: 'share', permission: 'list_share' },
    { key: 'export', permission: 'list_export' },
    { key: 'import', permission: 'list_import' },
    { key: 'import_sample', permission: 'list_import' },
    { key: 'forward', permission: 'list_forward' },
    { key: 'csv', permission: 'list_csv' },
    { key: 'assign', permission: 'list_assign' },
    { key: 'unassign', permission: 'list_assign' },
    { key: 'order', permission: 'list_order' },
    { key: 'search' },
    { key: 'refresh' },
  ],
  viewer: [
    { key: 'grid', type: 'component' },
    { key: 'grid_image', type: 'component' },
    { key: 'window_level' },
    { key: 'window_level_presets', type: 'component' },
    { key: 'pan' },
    { key: 'zoom' },
    { key: 'rotate' },
    { key: 'flip_horizontal' },
    { key: 'flip_vertical' },
    { key: 'reset' },
    { key: 'cine' },
    { key: 'cine_range', type: 'component' },
    { key: 'magnifier' },
    { key: 'pixel_value' },
    { key: 'length' },
    { key: 'angle' },
    { key: 'rectangle' },
    { key: 'ellipse' },
    { key: 'arrow' },
    { key: 'text' },
    { key: 'vhs' },
    { key: 'annotation_save', permission: 'viewer_annotation_save' },
    { key: 'sync', type: 'checkbox' },
    { key: 'comparison' },
    { key: 'mpr' },
    { key: 'key_image' },
    { key: 'capture', permission: 'viewer_capture' },
    { key: 'export', permission: 'viewer_export' },
    { key: 'dicom_header', permission: 'viewer_dicom_header' },
    { key: 'overlay', type: 'checkbox' },
    { key: 'annotation_display', type: 'checkbox' },
    { key: 'pseudo_color' },
    { key: 'report', permission: 'report' },
  ],
  report: [
    { key: 'save', permission: 'report_save' },
    { key: 'delete', permission: 'report_delete' },
    { key: 'viewer', permission: 'viewer' },
    { key: 'pdf', permission: 'report_pdf' },
    { key: 'template', permission: 'report_save' },
    { key: 'layout', permission: 'admin' },
  ],
  // Everyone who reaches /mwm holds the mwm permission, which every action needs.
  mwm: [{ key: 'add' }, { key: 'edit' }, { key: 'delete' }, { key: 'search' }, { key: 'refresh' }],
};

/**
 * What the share guest's role may do (the server creates it with these, adapter/src/db/bootstrap.ts):
 * the guest toolbars offer only features these allow.
 */
export const SHARE_GUEST_PERMISSIONS: Permissions = { list: true, viewer: true, report: true, report_pdf: true };

export const USER_DEFAULTS: Record<ToolbarPage, () => ToolbarItem[]> = {
  list: defaultListToolbar,
  viewer: defaultViewerToolbar,
  report: defaultReportToolbar,
  mwm: defaultMwmToolbar,
};

export const GUEST_DEFAULTS: Record<GuestToolbarPage, () => ToolbarItem[]> = {
  list: defaultGuestListToolbar,
  viewer: defaultGuestViewerToolbar,
  report: defaultGuestReportToolbar,
};

/** Where an item sits: its index at the top level, then its index inside that folder. */
export type ItemPath = readonly [number] | readonly [number, number];

export function itemAt(items: readonly ToolbarItem[], path: ItemPath): ToolbarItem | undefined {
  const top = items[path[0]];
  return path.length === 1 ? top : top?.items?.[path[1]];
}

/** Every feature key in use, folders' children included. */
export function usedFeatureKeys(items: readonly ToolbarItem[]): Set<string> {
  const keys = new Set<string>();
  for (const item of items) {
    if (item.type === 'folder') for (const child of item.items ?? []) keys.add(child.key);
    else if (item.type !== 'divider') keys.add(item.key);
  }
  return keys;
}

/** Features of the page the user may use and the list does not hold yet (`keep` stays offered: the item being edited). */
export function offeredFeatures(
  page: ToolbarPage,
  items: readonly ToolbarItem[],
  can: (permission: PermissionKey) => boolean,
  keep?: string,
  hidden: ReadonlySet<string> = new Set(),
): ToolbarFeatureKey[] {
  const used = usedFeatureKeys(items);
  return PAGE_FEATURES[page]
    .filter((spec) => (spec.permission === undefined || can(spec.permission)) && (spec.key === keep || !used.has(spec.key)))
    .filter((spec) => spec.key === keep || !hidden.has(spec.key))
    .map((spec) => spec.key);
}

/** Features the site switched off for everyone (admin/general/option): "Import sample" is offered unless hidden. */
export function siteHiddenFeatures(configs: { is_invisible_import_sample?: boolean } | null | undefined): ReadonlySet<string> {
  return new Set(configs?.is_invisible_import_sample ? ['import_sample'] : []);
}

export function newFeature(page: ToolbarPage, key: ToolbarFeatureKey, position: ToolbarPosition): ToolbarItem {
  const type = PAGE_FEATURES[page].find((spec) => spec.key === key)?.type;
  return toolbarFeature(key, type ? { position, type } : { position });
}

/** A new folder's key is the highest folder key plus 1, or 1 (spec 2 §3). */
export function nextFolderNo(items: readonly ToolbarItem[]): number {
  const numbers = items.filter((item) => item.type === 'folder').map((item) => Number(item.key));
  return Math.max(0, ...numbers.filter(Number.isFinite)) + 1;
}

export function newFolder(items: readonly ToolbarItem[], label: string, position: ToolbarPosition): ToolbarItem {
  return toolbarFolder(nextFolderNo(items), label.trim(), [], position);
}

export function newDivider(items: readonly ToolbarItem[], position: ToolbarPosition): ToolbarItem {
  const all = items.flatMap((item) => [item, ...(item.items ?? [])]);
  const numbers = all.filter((item) => item.type === 'divider').map((item) => Number(item.key.replace(/^divider_/, '')));
  return toolbarDivider(Math.max(0, ...numbers.filter(Number.isFinite)) + 1, position);
}

function withChildren(folder: ToolbarItem, change: (children: ToolbarItem[]) => ToolbarItem[]): ToolbarItem {
  return { ...folder, items: change([...(folder.items ?? [])]) };
}

/** Appends an item at the top level, or to the folder at top-level index `folder`. */
export function addItem(items: readonly ToolbarItem[], item: ToolbarItem, folder: number | null = null): ToolbarItem[] {
  if (folder === null) return [...items, item];
  return items.map((entry, index) => (index === folder ? withChildren(entry, (children) => [...children, item]) : entry));
}

export function removeItem(items: readonly ToolbarItem[], path: ItemPath): ToolbarItem[] {
  if (path.length === 1) return items.filter((_, index) => index !== path[0]);
  const [top, child] = path;
  return items.map((entry, index) => (index === top ? withChildren(entry, (children) => children.filter((_, i) => i !== child)) : entry));
}

export function updateItem(items: readonly ToolbarItem[], path: ItemPath, patch: Partial<ToolbarItem>): ToolbarItem[] {
  if (path.length === 1) return items.map((entry, index) => (index === path[0] ? { ...entry, ...patch } : entry));
  const [top, child] = path;
  return items.map((entry, index) =>
    index === top ? withChildren(entry, (children) => children.map((item, i) => (i === child ? { ...item, ...patch } : item))) : entry,
  );
}

/** Moves an item up (-1) or down (+1) among its siblings; at either end nothing changes. */
export function moveItem(items: readonly ToolbarItem[], path: ItemPath, delta: -1 | 1): ToolbarItem[] {
  if (path.length === 1) return moveEntry(items, path[0], delta);
  const [top, child] = path;
  return items.map((entry, index) => (index === top ? withChildren(entry, (children) => moveEntry(children, child, delta)) : entry));
}

/**
 * Moves an item to the top level (`folder` null) or to the end of another folder. Folders stay
 * at the top level; an item already where it is asked to go stays in place.
 */
export function placeItem(items: readonly ToolbarItem[], path: ItemPath, folder: number | null): ToolbarItem[] {
  const item = itemAt(items, path);
  if (!item) return [...items];
  const current = path.length === 2 ? path[0] : null;
  if (current === folder || (item.type === 'folder' && folder !== null)) return [...items];
  const without = removeItem(items, path);
  // Removing a top-level item shifts the folders after it one place up.
  const target = folder !== null && path.length === 1 && path[0] < folder ? folder - 1 : folder;
  return addItem(without, item, target);
}
