/** Reading a document's form: key image numbers must be integers PostgreSQL's bigint can hold. */
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { toErrorBody } from '../../http/errors.ts';
import { readDocumentInput } from './reports.input.ts';

const form = (body: Record<string, unknown>) => ({ body, query: {} }) as unknown as Request;

describe('readDocumentInput', () => {
  it('reads key image numbers, one or repeated', () => {
    expect(readDocumentInput(form({ images: ['2', 3] })).images).toEqual([2, 3]);
    expect(readDocumentInput(form({ images: '4' })).images).toEqual([4]);
  });

  it('answers 400 naming images for numbers that are not safe positive integers', () => {
    for (const images of [1e308, '1e308', -1, 1.5, '9007199254740993', 'x']) {
      let thrown: unknown;
      try {
        readDocumentInput(form({ images }));
      } catch (error) {
        thrown = error;
      }
      expect(toErrorBody(thrown), String(images)).toMatchObject({ status: 400, fields: { images: 'The field is not a valid value' } });
    }
  });
});
