import { api } from '../../../lib/api-client.ts';
import type { StudyListResponse } from '../types.ts';

/**
 * `GET /studies/search`: one page of the study list. `params` already holds the filters, the
 * repeated `orderby` and the paging (see search-query.ts). The shared client's `query` option
 * sets each key once, so the repeated keys travel in the path.
 *
 * There is no `useStudies` hook: paging appends pages and a refresh compares `RequestedAt`
 * with the previous answer, so the list keeps its rows in its own store (study-list-store.ts).
 */
export function getStudies(params: URLSearchParams, signal?: AbortSignal): Promise<StudyListResponse> {
  const text = params.toString();
  return api.get<StudyListResponse>(`/studies/search${text ? `?${text}` : ''}`, signal ? { signal } : {});
}
