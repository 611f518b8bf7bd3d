/**
 * Which of a page's toolbar items are shown (spec 2 §3 toolbar items, §6 permissions), one rule
 * for the list, viewer and report toolbars: an item the user switched off is hidden; a feature
 * is shown when the page implements it and the signed account has the permission the catalogue
 * (PAGE_FEATURES) gives it; a folder is shown when one of its items is; dividers stay, except at
 * either end or next to each other once the items around them are hidden.
 */
import type { PermissionKey, ToolbarItem } from '@pacs/common';
import { PAGE_FEATURES } from './toolbar-items.ts';
import type { ToolbarPage } from './toolbar-source.ts';

export interface ToolbarVisibility {
  /** Whether the signed account has a permission (edition and kind included). */
  can: (permission: PermissionKey) => boolean;
  /** Whether the page implements a feature key; every key by default. */
  implemented?: (key: string) => boolean;
  /** Whether the page draws folders (the report toolbar does not). */
  folders?: boolean;
}

const PERMISSIONS: Record<ToolbarPage, ReadonlyMap<string, PermissionKey | undefined>> = {
  list: new Map(PAGE_FEATURES.list.map((feature) => [feature.key, feature.permission])),
  viewer: new Map(PAGE_FEATURES.viewer.map((feature) => [feature.key, feature.permission])),
  report: new Map(PAGE_FEATURES.report.map((feature) => [feature.key, feature.permission])),
  mwm: new Map(PAGE_FEATURES.mwm.map((feature) => [feature.key, feature.permission])),
};

/** The permission a feature of a page needs; undefined when anyone who reaches the page may use it. */
export function featurePermission(page: ToolbarPage, key: string): PermissionKey | undefined {
  return PERMISSIONS[page].get(key);
}

export function isToolbarItemVisible(page: ToolbarPage, item: ToolbarItem, context: ToolbarVisibility): boolean {
  if (!item.is_visible) return false;
  if (item.type === 'divider') return true;
  if (item.type === 'folder') {
    return context.folders !== false && (item.items ?? []).some((child) => isToolbarItemVisible(page, child, context));
  }
  if (context.implemented && !context.implemented(item.key)) return false;
  const permission = featurePermission(page, item.key);
  return permission === undefined || context.can(permission);
}

/** Dividers at either end or next to each other say nothing once items around them are hidden. */
export function tidyDividers(items: readonly ToolbarItem[]): ToolbarItem[] {
  const result: ToolbarItem[] = [];
  for (const item of items) {
    if (item.type === 'divider' && (result.length === 0 || result.at(-1)?.type === 'divider')) continue;
    result.push(item);
  }
  while (result.at(-1)?.type === 'divider') result.pop();
  return result;
}

/** The shown items of a toolbar, split into its left and right groups, tidied. */
export function visibleToolbarItems(
  page: ToolbarPage,
  items: readonly ToolbarItem[],
  context: ToolbarVisibility,
): { left: ToolbarItem[]; right: ToolbarItem[] } {
  const shown = items.filter((item) => isToolbarItemVisible(page, item, context));
  return {
    left: tidyDividers(shown.filter((item) => item.position !== 'right')),
    right: tidyDividers(shown.filter((item) => item.position === 'right')),
  };
}

/** The shown items inside a folder, tidied. */
export function visibleFolderItems(page: ToolbarPage, folder: ToolbarItem, context: ToolbarVisibility): ToolbarItem[] {
  return tidyDividers((folder.items ?? []).filter((child) => isToolbarItemVisible(page, child, context)));
}
