/**
 * Plain-JSON helpers for the stored configs and settings trees. Both trees come back from the
 * database as parsed JSON of unknown shape, so nothing here assumes more than "JSON-like".
 * The settings module reuses these; they sit here because configs is the lower layer.
 */
import { isJsonObject } from '../json-path.ts';
import type { JsonObject } from '../json-path.ts';

/** Keys that would reach the prototype chain when copied onto a plain object. */
function isUnsafeKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}

/**
 * A deep copy of a JSON-like value. Values JSON cannot hold (functions, symbols, undefined,
 * bigint) become undefined and are dropped from objects; prototype-reaching keys are dropped.
 */
export function cloneJson(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map((item) => cloneJson(item) ?? null);
  if (isJsonObject(value)) {
    const copy: JsonObject = {};
    for (const [key, child] of Object.entries(value)) {
      if (isUnsafeKey(key)) continue;
      const cloned = cloneJson(child);
      if (cloned !== undefined) copy[key] = cloned;
    }
    return copy;
  }
  return undefined;
}

/** A deep copy of an object tree (anything else gives an empty object). */
export function cloneObject(value: unknown): JsonObject {
  const cloned = cloneJson(value);
  return isJsonObject(cloned) ? cloned : {};
}

/** Structural equality of JSON-like values; object key order does not matter. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => deepEqual(item, b[index]));
  }
  if (isJsonObject(a) && isJsonObject(b)) {
    const keysA = Object.keys(a).filter((key) => a[key] !== undefined);
    const keysB = Object.keys(b).filter((key) => b[key] !== undefined);
    if (keysA.length !== keysB.length) return false;
    return keysA.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
  }
  return false;
}

type JsonKind = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'other';

function jsonKind(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isJsonObject(value)) return 'object';
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean' ? type : 'other';
}

/**
 * Stored values laid over defaults: every key the defaults have and the stored tree lacks is
 * filled in, plain objects are merged key by key, and a stored array replaces the default array
 * whole (lists are user-ordered, so merging them element-wise would resurrect deleted items).
 * A stored value of another JSON kind than its default (junk, or a shape no migration knows)
 * gives way to the default, so readers can trust the shape. Keys only the stored tree has stay.
 * Neither input is modified.
 */
export function mergeDefaults(stored: unknown, defaults: unknown): unknown {
  if (stored === undefined) return cloneJson(defaults);
  if (defaults === undefined) return cloneJson(stored);
  const kind = jsonKind(defaults);
  if (jsonKind(stored) !== kind) return cloneJson(defaults);
  if (kind !== 'object' || !isJsonObject(stored) || !isJsonObject(defaults)) return cloneJson(stored);
  const merged = cloneObject(stored);
  for (const [key, value] of Object.entries(defaults)) {
    merged[key] = mergeDefaults(stored[key], value);
  }
  return merged;
}

/** An array's plain-object elements (a stored list may hold junk next to real items). */
export function objectItems(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isJsonObject) : [];
}

/** Whether a stored list holds an item with this `key`. */
export function hasItemKey(list: readonly unknown[], key: string): boolean {
  return list.some((item) => isJsonObject(item) && item.key === key);
}
