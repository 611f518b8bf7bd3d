/**
 * `POST /studies/csv?<search>` with `{UIDs?, Titles}`: the list as a CSV file (UTF-8 with a BOM).
 * Text would drop the BOM, so the file comes as a Blob through download-file.ts; the mutation
 * hands a failure to the usual error dialog.
 */
import { useMutation } from '@tanstack/react-query';
import { CSV_HEADERS, type StudyCsvRequest } from '@pacs/common';
import { fileNameOf, postForFile } from './download-file.ts';

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

export async function postStudiesCsv({ search, UIDs, Titles }: StudyCsvInput): Promise<StudyCsvFile> {
  const body: StudyCsvRequest = {};
  if (UIDs) body.UIDs = UIDs;
  if (Titles) body.Titles = Titles;
  const query = csvSearch(search).toString();
  const response = await postForFile(`/studies/csv${query ? `?${query}` : ''}`, body, 'text/csv');
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response, 'studies.csv'),
    rows: Number(response.headers.get(CSV_HEADERS.rows) ?? 0),
    limit: Number(response.headers.get(CSV_HEADERS.limit) ?? 0),
    truncated: response.headers.get(CSV_HEADERS.truncated) === 'true',
  };
}

export function useDownloadStudiesCsv(onDownloaded: (file: StudyCsvFile) => void) {
  return useMutation({ mutationFn: postStudiesCsv, onSuccess: onDownloaded });
}
