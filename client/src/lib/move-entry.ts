/**
 * The move up / move down of every ordered settings list (share shortcuts and columns, report
 * layout sections, toolbar items, report templates): one entry swaps with its neighbour.
 */

/** A copy of `items` with the entry at `index` moved one place up (-1) or down (+1); past either end nothing moves. */
export function moveEntry<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  const next = [...items];
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return next;
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
