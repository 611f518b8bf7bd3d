/**
 * Reading request input. Forms arrive urlencoded (all strings); JSON bodies are accepted for the
 * same fields. Each reader throws a validation error naming the field, never a 500.
 *
 * `screenInput` runs before every API route (mountRoutes calls it): whatever a route later does with the query and the
 * body, a NUL byte (which PostgreSQL refuses in text and jsonb) or JSON nested past
 * MAX_JSON_DEPTH (which recursive code and PostgreSQL's jsonb parser cannot take) has already been
 * answered 400. The readers below check NUL again for input that bypasses it (multipart fields).
 */
import type { Request } from 'express';
import { isDicomUid, isJsonObject, MESSAGES, type ResourceItem } from '@pacs/common';
import { AppError } from './errors.ts';

/** Deepest nesting of a JSON body or value: settings trees need about six levels. */
export const MAX_JSON_DEPTH = 64;

const hasNul = (text: string) => text.includes('\u0000');

/**
 * Walks a parsed value without recursion (a hostile body may nest thousands deep) and throws a
 * validation error naming `field` when a string or key holds NUL, the nesting passes `maxDepth`
 * or the value holds more than `maxNodes` strings, numbers, arrays and objects.
 */
export function checkJsonValue(value: unknown, field: string, maxDepth = MAX_JSON_DEPTH, maxNodes = 1_000_000): void {
  const stack: [unknown, number][] = [[value, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (++nodes > maxNodes) throw invalid(field);
    if (typeof node === 'string') {
      if (hasNul(node)) throw invalid(field);
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= maxDepth) throw invalid(field);
    if (Array.isArray(node)) {
      for (const item of node) stack.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(node)) {
      if (hasNul(key)) throw invalid(field);
      stack.push([item, depth + 1]);
    }
  }
}

/** Refuses a NUL byte anywhere in the URL, the query or a parsed body, and JSON nested too deep. */
export function screenInput(req: Request): void {
  // %00 in the path reaches route parameters (DICOMweb UIDs) already decoded.
  if (/%00/.test(req.path) || hasNul(req.path)) throw new AppError('bad_request');
  for (const source of [req.query, req.body] as unknown[]) {
    if (typeof source !== 'object' || source === null) continue;
    if (Array.isArray(source)) {
      checkJsonValue(source, 'body');
      continue;
    }
    for (const [key, value] of Object.entries(source)) {
      if (hasNul(key)) throw new AppError('bad_request');
      checkJsonValue(value, key, MAX_JSON_DEPTH - 1);
    }
  }
}

/**
 * `map[key]` only when `key` is the map's own entry: request input names keys, and `constructor`
 * or `__proto__` would otherwise find Object.prototype's members.
 */
export function ownValue<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

type Source = 'body' | 'query';

function raw(req: Request, source: Source, name: string): unknown {
  const container = (source === 'body' ? req.body : req.query) as Record<string, unknown> | undefined;
  return container && typeof container === 'object' ? container[name] : undefined;
}

export function invalid(field: string, message: string = MESSAGES.invalid): AppError {
  return new AppError('validation_failed', { [field]: message });
}

export function optionalString(req: Request, name: string, source: Source = 'body', maxLength = 10_000): string | undefined {
  const value = raw(req, source, name);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') throw invalid(name);
  const text = String(value);
  if (text.length > maxLength) throw invalid(name, MESSAGES.max_length(maxLength));
  if (hasNul(text)) throw invalid(name);
  return text;
}

export function requiredString(req: Request, name: string, source: Source = 'body', maxLength = 10_000): string {
  const value = optionalString(req, name, source, maxLength);
  if (value === undefined || value === '') throw invalid(name, MESSAGES.required);
  return value;
}

export function optionalInt(req: Request, name: string, min: number, max: number, source: Source = 'body'): number | undefined {
  const text = optionalString(req, name, source, 32);
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) throw invalid(name);
  return value;
}

/** A whole number in [min, max] that must be there (a database key, say: out of range is a 400). */
export function requiredInt(req: Request, name: string, min: number, max: number, source: Source = 'body'): number {
  const value = optionalInt(req, name, min, max, source);
  if (value === undefined) throw invalid(name, MESSAGES.required);
  return value;
}

export function optionalBool(req: Request, name: string, source: Source = 'body'): boolean | undefined {
  const text = optionalString(req, name, source, 8);
  if (text === undefined || text === '') return undefined;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw invalid(name);
}

/** A field whose value is a JSON text (settings and configs values). */
export function jsonField(req: Request, name: string, maxLength = 2_000_000): unknown {
  const value = raw(req, 'body', name);
  // A JSON request body may carry the value already parsed.
  if (value !== undefined && typeof value !== 'string') {
    checkJsonValue(value, name);
    return value;
  }
  const text = requiredString(req, name, 'body', maxLength);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw invalid(name);
  }
  // A text field escapes screenInput's walk: "\u0000" inside it only becomes NUL here.
  checkJsonValue(parsed, name);
  return parsed;
}

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Dotted keys of settings and configs: `list.toolbar`, `share.guest.viewer.toolbar`; '' = all. */
export function dottedKey(req: Request, name = 'key', source: Source = 'body'): string {
  const key = optionalString(req, name, source, 200) ?? '';
  if (key !== '' && !/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(key)) throw invalid(name);
  // Steps that would walk into the prototype chain of the tree instead of its own entries.
  if (key.split('.').some((part) => PROTOTYPE_KEYS.has(part))) throw invalid(name);
  return key;
}

/**
 * `Items`: a JSON array (form field or JSON body) naming whole studies, series of a study, or
 * instances of a series ({StudyInstanceUID, SeriesInstanceUID?, SOPInstanceUID?}), each UID
 * checked; an instance must name its series. Forward and the list's delete take it.
 */
export function resourceItems(req: Request, max: number): ResourceItem[] {
  const value = jsonField(req, 'Items');
  if (!Array.isArray(value) || value.length === 0 || value.length > max) throw invalid('Items');
  return value.map((item) => {
    if (!isJsonObject(item)) throw invalid('Items');
    const { StudyInstanceUID: study, SeriesInstanceUID: series, SOPInstanceUID: instance } = item;
    if (!isDicomUid(study)) throw invalid('Items');
    if (series !== undefined && !isDicomUid(series)) throw invalid('Items');
    if (instance !== undefined && (!isDicomUid(instance) || series === undefined)) throw invalid('Items');
    return {
      StudyInstanceUID: study,
      ...(series !== undefined ? { SeriesInstanceUID: series } : {}),
      ...(instance !== undefined ? { SOPInstanceUID: instance } : {}),
    };
  });
}
