/** The reports routes' form, read once into a typed DocumentInput (the service takes no request). */
import type { Request } from 'express';
import { invalid, optionalString } from '../../http/input.ts';
import { DOCUMENT_STATUSES } from '@pacs/common';
import type { DocumentInput } from './reports.service.ts';
import { CONTENT_FIELDS, type ContentField } from './reports.sql.ts';

export function readDocumentInput(req: Request): DocumentInput {
  const status = optionalString(req, 'status', 'body', 10);
  if (status !== undefined && !(DOCUMENT_STATUSES as readonly string[]).includes(status)) throw invalid('status');
  const content: Partial<Record<ContentField, string>> = {};
  for (const field of CONTENT_FIELDS) {
    const value = optionalString(req, field, 'body', field === 'title' ? 500 : 100_000);
    if (value !== undefined) content[field] = value;
  }
  const raw = (req.body as Record<string, unknown>).images;
  let images: number[] | undefined;
  if (raw !== undefined) {
    const list = (Array.isArray(raw) ? raw : [raw]).filter((item) => item !== '');
    images = list.map((item) => {
      const no = Number(item);
      if (!Number.isSafeInteger(no) || no < 1) throw invalid('images');
      return no;
    });
  }
  return { status, content, images };
}
