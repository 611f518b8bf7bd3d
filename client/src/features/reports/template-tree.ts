/**
 * The user's report template tree (settings report.template, spec 2 §2 "Report template
 * editor"): folders at the top level holding templates. Every operation returns a new tree; the
 * editor saves the result as a whole.
 */
import type { ReportTemplate } from '@pacs/common';
import { moveEntry } from '../../lib/move-entry.ts';

export type DropPlace = 'before' | 'after' | 'inside';

export interface TemplateContent {
  findings: string;
  impression: string;
  comments: string;
}

function* walk(nodes: readonly ReportTemplate[]): Generator<ReportTemplate> {
  for (const node of nodes) {
    yield node;
    if (node.items) yield* walk(node.items);
  }
}

export function findNode(tree: readonly ReportTemplate[], key: string): ReportTemplate | undefined {
  for (const node of walk(tree)) if (node.key === key) return node;
  return undefined;
}

/** The folder holding a key, or null for a top-level node; undefined when the key is unknown. */
export function parentOf(tree: readonly ReportTemplate[], key: string): ReportTemplate | null | undefined {
  if (tree.some((node) => node.key === key)) return null;
  for (const node of walk(tree)) if (node.items?.some((child) => child.key === key)) return node;
  return undefined;
}

/** A new key: the highest numeric key in the tree plus 1, or 1. */
export function nextKey(tree: readonly ReportTemplate[]): string {
  let max = 0;
  for (const node of walk(tree)) {
    const no = Number(node.key);
    if (Number.isInteger(no) && no > max) max = no;
  }
  return String(max + 1);
}

export function addFolder(tree: readonly ReportTemplate[], label: string): ReportTemplate[] {
  return [...tree, { key: nextKey(tree), type: 'folder', label, is_collapsed: false, items: [] }];
}

/** Adds a template at the end of a folder (opening it); an unknown folder leaves the tree as it is. */
export function addTemplate(tree: readonly ReportTemplate[], folderKey: string, label: string, content: TemplateContent): ReportTemplate[] {
  const key = nextKey(tree);
  return mapNodes(tree, (node) =>
    node.key === folderKey && node.type === 'folder'
      ? { ...node, is_collapsed: false, items: [...(node.items ?? []), { key, type: 'template', label, ...content }] }
      : node,
  );
}

export function updateNode(tree: readonly ReportTemplate[], key: string, patch: Partial<Omit<ReportTemplate, 'key' | 'type'>>) {
  return mapNodes(tree, (node) => (node.key === key ? { ...node, ...patch } : node));
}

export function toggleCollapsed(tree: readonly ReportTemplate[], key: string): ReportTemplate[] {
  return mapNodes(tree, (node) => (node.key === key && node.type === 'folder' ? { ...node, is_collapsed: !node.is_collapsed } : node));
}

/** Removes a node (a folder with its templates). */
export function removeNode(tree: readonly ReportTemplate[], key: string): ReportTemplate[] {
  return tree.filter((node) => node.key !== key).map((node) => (node.items ? { ...node, items: removeNode(node.items, key) } : node));
}

function mapNodes(tree: readonly ReportTemplate[], change: (node: ReportTemplate) => ReportTemplate): ReportTemplate[] {
  return tree.map((node) => {
    const changed = change(node);
    return changed.items ? { ...changed, items: mapNodes(changed.items, change) } : changed;
  });
}

/**
 * Whether a dragged node may land there: folders stay at the top level (before or after
 * another folder), templates live in folders (before or after a template, or inside a folder).
 */
export function canDrop(tree: readonly ReportTemplate[], dragKey: string, targetKey: string, place: DropPlace): boolean {
  if (dragKey === targetKey) return false;
  const dragged = findNode(tree, dragKey);
  const target = findNode(tree, targetKey);
  if (!dragged || !target) return false;
  if (dragged.type === 'folder') return target.type === 'folder' && place !== 'inside';
  if (target.type === 'folder') return place === 'inside';
  return place !== 'inside';
}

/** Moves a node before, after or inside (at the end of) another; a refused move returns the tree unchanged. */
export function moveNode(tree: readonly ReportTemplate[], dragKey: string, targetKey: string, place: DropPlace): ReportTemplate[] {
  if (!canDrop(tree, dragKey, targetKey, place)) return [...tree];
  const dragged = findNode(tree, dragKey)!;
  const without = removeNode(tree, dragKey);
  if (place === 'inside') {
    return mapNodes(without, (node) =>
      node.key === targetKey ? { ...node, is_collapsed: false, items: [...(node.items ?? []), dragged] } : node,
    );
  }
  const insert = (nodes: readonly ReportTemplate[]): ReportTemplate[] => {
    const index = nodes.findIndex((node) => node.key === targetKey);
    if (index >= 0) {
      const at = place === 'before' ? index : index + 1;
      return [...nodes.slice(0, at), dragged, ...nodes.slice(at)];
    }
    return nodes.map((node) => (node.items ? { ...node, items: insert(node.items) } : node));
  };
  return insert(without);
}

/** One step up or down among its siblings (the keyboard alternative to dragging). */
export function moveBy(tree: readonly ReportTemplate[], key: string, step: -1 | 1): ReportTemplate[] {
  const shift = (nodes: readonly ReportTemplate[]): ReportTemplate[] => {
    const index = nodes.findIndex((node) => node.key === key);
    if (index >= 0) return moveEntry(nodes, index, step);
    return nodes.map((node) => (node.items ? { ...node, items: shift(node.items) } : node));
  };
  return shift(tree);
}

/** The templates of the tree with the folder path leading to them, for the insert picker. */
export function templatesOf(tree: readonly ReportTemplate[]): { template: ReportTemplate; folder: string }[] {
  return tree.flatMap((node) =>
    node.type === 'template'
      ? [{ template: node, folder: '' }]
      : (node.items ?? []).flatMap((child) => templatesOf([child]).map((entry) => ({ ...entry, folder: entry.folder || node.label }))),
  );
}
