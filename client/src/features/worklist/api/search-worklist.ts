import { api } from '../../../lib/api-client.ts';
import type { WorklistList } from '../types.ts';

/**
 * `GET /mwm/search`: one page of the worklist (filters, repeated orderby, limit, offset). Called by
 * the worklist store, which pages, appends and refreshes (spec 2 §4 "Paging"), not through
 * react-query: a page is part of a growing list, not a cache entry.
 */
export function getWorklist(params: URLSearchParams): Promise<WorklistList> {
  return api.get<WorklistList>(`/mwm/search?${params.toString()}`);
}
