/**
 * The recycle bin's selection (spec 2 §4 "Recycle bin", "Worklist and study list selection"):
 * selecting a study selects all its series and instances, selecting a series all its instances;
 * deselecting a row deselects the rows above it and leaves its siblings selected.
 *
 * The selection is kept as a set of ids, each meaning "this row and everything under it", and no
 * id in the set has a selected ancestor. So the set is also what restore and delete send: a whole
 * study goes as `study-12` alone, never with its series and instances (children not loaded yet
 * are covered too, and the server does not get the same files named twice).
 */
import type { TrashId, TrashLevel } from '@pacs/common';

export type TrashSelection = ReadonlySet<TrashId>;

/** The loaded children of a study (its series) or of a series (its instances); undefined when not loaded. */
export type ChildrenOf = (id: TrashId) => readonly TrashId[] | undefined;

/** A row is named by its path: the study, then the series, then the instance. */
export type RowPath = readonly TrashId[];

export const NO_SELECTION: TrashSelection = new Set();

/** Checked when the row or one of its ancestors is selected. */
export function isChecked(selection: TrashSelection, path: RowPath): boolean {
  return path.some((id) => selection.has(id));
}

function removeDescendants(selection: Set<TrashId>, id: TrashId, childrenOf: ChildrenOf): void {
  for (const child of childrenOf(id) ?? []) {
    selection.delete(child);
    removeDescendants(selection, child, childrenOf);
  }
}

/** Selects a row and so everything under it. */
export function check(selection: TrashSelection, path: RowPath, childrenOf: ChildrenOf): TrashSelection {
  const id = path.at(-1);
  if (id === undefined || isChecked(selection, path)) return selection;
  const next = new Set(selection);
  removeDescendants(next, id, childrenOf);
  next.add(id);
  return next;
}

/**
 * Deselects a row and everything under it. When it was selected through an ancestor, the ancestor
 * is deselected and its other children (on the way down to the row) stay selected.
 */
export function uncheck(selection: TrashSelection, path: RowPath, childrenOf: ChildrenOf): TrashSelection {
  const from = path.findIndex((id) => selection.has(id));
  if (from < 0) return selection;
  const next = new Set(selection);
  next.delete(path[from] as TrashId);
  for (let level = from; level < path.length - 1; level++) {
    const onPath = path[level + 1];
    for (const child of childrenOf(path[level] as TrashId) ?? []) if (child !== onPath) next.add(child);
  }
  return next;
}

export function toggle(selection: TrashSelection, path: RowPath, childrenOf: ChildrenOf): TrashSelection {
  return isChecked(selection, path) ? uncheck(selection, path, childrenOf) : check(selection, path, childrenOf);
}

const LEVEL_ORDER: Record<TrashLevel, number> = { study: 0, series: 1, instance: 2 };

function levelOf(id: TrashId): TrashLevel {
  return id.slice(0, id.indexOf('-')) as TrashLevel;
}

/** The ids restore and delete send: studies first, then series, then instances. */
export function selectedIds(selection: TrashSelection): TrashId[] {
  return [...selection].sort((a, b) => LEVEL_ORDER[levelOf(a)] - LEVEL_ORDER[levelOf(b)]);
}

/** How many ids of each level the selection names (for the confirmations). */
export function selectionSummary(selection: TrashSelection): { studies: number; series: number; instances: number } {
  const summary = { studies: 0, series: 0, instances: 0 };
  for (const id of selection) {
    const level = levelOf(id);
    if (level === 'study') summary.studies += 1;
    else if (level === 'series') summary.series += 1;
    else summary.instances += 1;
  }
  return summary;
}
