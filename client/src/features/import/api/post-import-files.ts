/**
 * `POST /import/files` (multipart/form-data, one `files` part per file, the part's filename being
 * the file's path inside a chosen folder): stores DICOM files and zip archives of them; answers
 * one result per part. Sent with XMLHttpRequest rather than the shared fetch client because
 * fetch reports no upload progress; headers, CSRF retry and errors follow the shared client.
 */
import { isErrorBody } from '@pacs/common';
import { refreshCsrfToken } from '../../auth/index.ts';
import { sessionStore, uiStore } from '../../../state/index.ts';
import { buildUrl } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import type { ImportEntry } from '../upload-plan.ts';

export interface ImportFileResult {
  File: string;
  Status: 'Success' | 'AlreadyStored' | 'Failed';
  Message?: string;
  Instances: number;
  StudyInstanceUIDs: string[];
}

export interface ImportResponse {
  Files: ImportFileResult[];
  Stored: number;
  Failed: number;
}

export interface UploadOptions {
  /** Bytes of the request body sent so far, of its total (multipart framing included). */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

function errorOf(xhr: XMLHttpRequest): ApiError {
  let body = null;
  try {
    const parsed: unknown = JSON.parse(xhr.responseText);
    if (isErrorBody(parsed)) body = parsed;
  } catch {
    // Not JSON: a proxy or crash page; the status decides.
  }
  return new ApiError(xhr.status, body, body?.message ?? `HTTP ${xhr.status}`);
}

function send(entries: readonly ImportEntry[], csrfToken: string | null, options: UploadOptions): Promise<ImportResponse> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const form = new FormData();
    for (const entry of entries) form.append('files', entry.file, entry.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl('/import/files'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', uiStore.language);
    if (csrfToken) xhr.setRequestHeader('X-CSRF-Token', csrfToken);
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      done();
      if (xhr.status !== 200) {
        reject(errorOf(xhr));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as ImportResponse);
      } catch (cause) {
        reject(ApiError.network(cause));
      }
    };
    xhr.onerror = (event) => {
      done();
      reject(ApiError.network(event));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    xhr.send(form);
  });
}

/**
 * Uploads one batch. Rejects with an {@link ApiError} for an answer other than 200, or an
 * `AbortError` DOMException when `signal` aborts. A stale CSRF token is refreshed and the batch
 * sent once more, as the shared client does.
 */
export async function postImportFiles(entries: readonly ImportEntry[], options: UploadOptions = {}): Promise<ImportResponse> {
  try {
    return await send(entries, sessionStore.csrfToken, options);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'csrf_failed') throw error;
    const fresh = await refreshCsrfToken();
    if (!fresh) throw error;
    return send(entries, fresh, options);
  }
}
