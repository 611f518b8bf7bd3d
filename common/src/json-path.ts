/**
 * Dotted keys address a node in a settings or configs tree: `list.toolbar`,
 * `share.guest.viewer.toolbar`. The empty key addresses the whole tree.
 */
export type JsonObject = { [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function splitKey(key: string): string[] {
  return key.split('.').filter((part) => part.length > 0);
}

/** The node at a dotted key, or undefined when any step is missing. */
export function getAtPath(tree: unknown, key: string): unknown {
  let node: unknown = tree;
  for (const part of splitKey(key)) {
    if (!isJsonObject(node)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * A copy of the tree with the node at a dotted key replaced, creating objects along the way.
 * Keys that could reach the prototype chain are refused: these keys come from the network.
 */
export function setAtPath(tree: JsonObject, key: string, value: unknown): JsonObject {
  const parts = splitKey(key);
  if (parts.some((part) => part === '__proto__' || part === 'constructor' || part === 'prototype')) {
    throw new Error(`Invalid key: ${key}`);
  }
  if (parts.length === 0) {
    if (!isJsonObject(value)) throw new Error('The whole tree must be an object');
    return value;
  }
  const [head, ...rest] = parts as [string, ...string[]];
  const child = isJsonObject(tree[head]) ? (tree[head] as JsonObject) : {};
  return { ...tree, [head]: rest.length === 0 ? value : setAtPath(child, rest.join('.'), value) };
}
