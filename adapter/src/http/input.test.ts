/**
 * The shared input readers and the screen every API route runs first: NUL bytes, JSON nested too
 * deep and keys that reach Object.prototype become a validation error naming the field, never a
 * value handed on to PostgreSQL or to a lookup.
 */
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { AppError, toErrorBody } from './errors.ts';
import { checkJsonValue, dottedKey, jsonField, MAX_JSON_DEPTH, optionalString, ownValue, screenInput } from './input.ts';

const fakeRequest = (parts: { path?: string; query?: Record<string, unknown>; body?: unknown }) =>
  ({ path: parts.path ?? '/studies/search', query: parts.query ?? {}, body: parts.body }) as unknown as Request;

/** The error a call throws, as the catalogue body the client would get. */
function refusal(call: () => unknown) {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return toErrorBody(error);
  }
  throw new Error('expected a refusal');
}

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('checkJsonValue', () => {
  it('takes ordinary values and refuses NUL in any string or key, however deep', () => {
    expect(() => checkJsonValue({ a: [1, 'two', { three: null }] }, 'value')).not.toThrow();
    expect(refusal(() => checkJsonValue({ a: ['x', { b: 'a\u0000b' }] }, 'value'))).toMatchObject({
      status: 400,
      code: 'validation_failed',
      fields: { value: 'The field is not a valid value' },
    });
    expect(refusal(() => checkJsonValue({ 'k\u0000': 1 }, 'value')).status).toBe(400);
  });

  it('refuses nesting past the bound without recursing (5,000 levels)', () => {
    expect(() => checkJsonValue(nested(MAX_JSON_DEPTH - 1), 'Data')).not.toThrow();
    expect(refusal(() => checkJsonValue(nested(MAX_JSON_DEPTH + 1), 'Data')).fields).toEqual({ Data: 'The field is not a valid value' });
    expect(refusal(() => checkJsonValue(nested(5000), 'Data')).status).toBe(400);
    expect(refusal(() => checkJsonValue(nested(5), 'Data', 4)).status).toBe(400);
  });

  it('refuses more nodes than allowed', () => {
    expect(
      refusal(() =>
        checkJsonValue(
          Array.from({ length: 11 }, () => 1),
          'items',
          8,
          10,
        ),
      ).status,
    ).toBe(400);
  });
});

describe('screenInput', () => {
  it('refuses NUL in the path, a query value, a query key or a body value', () => {
    expect(refusal(() => screenInput(fakeRequest({ path: '/dicom-web/studies/%00/series' }))).code).toBe('bad_request');
    expect(refusal(() => screenInput(fakeRequest({ query: { uid: 'a\u0000b' } }))).fields).toEqual({
      uid: 'The field is not a valid value',
    });
    expect(refusal(() => screenInput(fakeRequest({ query: { ['x\u0000']: 'y' } }))).code).toBe('bad_request');
    expect(refusal(() => screenInput(fakeRequest({ body: { Id: 'admin\u0000' } }))).fields).toEqual({
      Id: 'The field is not a valid value',
    });
    expect(refusal(() => screenInput(fakeRequest({ body: ['\u0000'] }))).status).toBe(400);
  });

  it('refuses a JSON body nested 5,000 deep and lets ordinary input through', () => {
    expect(refusal(() => screenInput(fakeRequest({ body: { uid: '1.2', items: [{ Data: nested(5000) }] } }))).fields).toEqual({
      items: 'The field is not a valid value',
    });
    expect(() =>
      screenInput(fakeRequest({ query: { uid: '1.2.3', orderby: ['a', 'b'] }, body: { value: { list: { columns: [1, 2] } } } })),
    ).not.toThrow();
    expect(() => screenInput(fakeRequest({ body: undefined }))).not.toThrow();
  });
});

describe('readers', () => {
  it('optionalString refuses NUL (multipart fields never pass the screen)', () => {
    expect(refusal(() => optionalString(fakeRequest({ body: { Id: 'a\u0000' } }), 'Id')).fields).toEqual({
      Id: 'The field is not a valid value',
    });
    expect(optionalString(fakeRequest({ body: { Id: 'abc' } }), 'Id')).toBe('abc');
  });

  it('jsonField refuses NUL and depth that only appear once the text is parsed', () => {
    expect(refusal(() => jsonField(fakeRequest({ body: { value: '{"a":"\\u0000"}' } }), 'value')).fields).toEqual({
      value: 'The field is not a valid value',
    });
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(refusal(() => jsonField(fakeRequest({ body: { value: deep } }), 'value')).status).toBe(400);
    expect(jsonField(fakeRequest({ body: { value: '{"a":[1]}' } }), 'value')).toEqual({ a: [1] });
  });

  it('dottedKey refuses steps into the prototype chain', () => {
    for (const key of ['constructor', '__proto__', 'list.constructor', 'a.prototype.b']) {
      expect(refusal(() => dottedKey(fakeRequest({ body: { key } }))).fields).toEqual({ key: 'The field is not a valid value' });
    }
    expect(dottedKey(fakeRequest({ body: { key: 'list.toolbar' } }))).toBe('list.toolbar');
  });

  it('ownValue finds only own entries', () => {
    const map: Record<string, number> = { a: 1 };
    expect(ownValue(map, 'a')).toBe(1);
    expect(ownValue(map, 'constructor')).toBeUndefined();
    expect(ownValue(map, '__proto__')).toBeUndefined();
    expect(ownValue(map, 'toString')).toBeUndefined();
  });
});
