import { buildUrl } from '../../../lib/api-client.ts';

/** `GET /documents/pdf?id=`: the document as a PDF, opened in a new tab (the session cookie goes along). */
export function documentPdfUrl(documentId: number): string {
  return buildUrl('/documents/pdf', { id: documentId });
}
