/**
 * Reading request input. Forms arrive urlencoded (all strings); JSON bodies are accepted for the
 * same fields. Each reader throws a validation error naming the field, never a 500.
 */
import type { Request } from 'express';
import { MESSAGES } from '@pacs/common';
import { AppError } from './errors.ts';

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
  if (value !== undefined && typeof value !== 'string') return value;
  const text = requiredString(req, name, 'body', maxLength);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid(name);
  }
}

/** Dotted keys of settings and configs: `list.toolbar`, `share.guest.viewer.toolbar`; '' = all. */
export function dottedKey(req: Request, name = 'key', source: Source = 'body'): string {
  const key = optionalString(req, name, source, 200) ?? '';
  if (key !== '' && !/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(key)) throw invalid(name);
  return key;
}
