/**
 * `POST /studies/csv?<search>` with `{UIDs?, Titles}`: the list as a CSV file (UTF-8 with a BOM).
 * The shared client reads JSON and text only, and text would drop the BOM, so this one call uses
 * fetch itself with the shared client's headers and error type; the mutation hands a failure to
 * the usual error dialog.
 */
import { useMutation } from '@tanstack/react-query';
import { CSV_HEADERS, type StudyCsvRequest } from '@pacs/common';
import { buildUrl } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { sessionStore, uiStore } from '../../../state/index.ts';

export interface StudyCsvInput extends StudyCsvRequest {
  /** The list's current search (filters and order), as /studies/search takes it; paging is dropped. */
  search: URLSearchParams;
}

export interface StudyCsvFile {
  blob: Blob;
  fileName: string;
  rows: number;
  limit: number;
  /** The bound cut the result: more studies matched than the file holds. */
  truncated: boolean;
}

/** The search without paging: `limit` would lower the file's bound, `offset` skip rows. */
export function csvSearch(params: URLSearchParams): URLSearchParams {
  const search = new URLSearchParams(params);
  search.delete('limit');
  search.delete('offset');
  return search;
}

function fileNameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'studies.csv';
}

export async function postStudiesCsv({ search, UIDs, Titles }: StudyCsvInput): Promise<StudyCsvFile> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': uiStore.language,
    'Content-Type': 'application/json',
    Accept: 'text/csv, application/json',
  };
  const token = sessionStore.csrfToken;
  if (token) headers['X-CSRF-Token'] = token;
  const body: StudyCsvRequest = {};
  if (UIDs) body.UIDs = UIDs;
  if (Titles) body.Titles = Titles;
  const query = csvSearch(search).toString();
  let response: Response;
  try {
    response = await fetch(`${buildUrl('/studies/csv')}${query ? `?${query}` : ''}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw ApiError.network(cause);
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('content-disposition')),
    rows: Number(response.headers.get(CSV_HEADERS.rows) ?? 0),
    limit: Number(response.headers.get(CSV_HEADERS.limit) ?? 0),
    truncated: response.headers.get(CSV_HEADERS.truncated) === 'true',
  };
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

export function useDownloadStudiesCsv(onDownloaded: (file: StudyCsvFile) => void) {
  return useMutation({ mutationFn: postStudiesCsv, onSuccess: onDownloaded });
}
