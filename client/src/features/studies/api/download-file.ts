/**
 * What the list's file downloads share (CSV, export): the shared API client reads JSON and text
 * only, so these calls use fetch themselves with its headers and error type, read the file name
 * from Content-Disposition, and save the result through a temporary link.
 */
import { buildUrl } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { sessionStore, uiStore } from '../../../state/index.ts';

/** A JSON POST to the API for a file (`accept`: its type); failures as the shared client's ApiError. */
export async function postForFile(path: string, body: unknown, accept: string, signal?: AbortSignal): Promise<Response> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': uiStore.language,
    'Content-Type': 'application/json',
    Accept: `${accept}, application/json`,
  };
  const token = sessionStore.csrfToken;
  if (token) headers['X-CSRF-Token'] = token;
  let response: Response;
  try {
    response = await fetch(buildUrl(path), { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin', signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw ApiError.network(cause);
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response;
}

export function fileNameOf(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

/** Saves a downloaded file through a temporary link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
