/**
 * Import sample (common import-samples.ts): `GET /import/samples` lists the sample studies the
 * server generates itself; `POST /import/sample` (form Id) stores one through the import's checks
 * and answers the import's per-file summary.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImportSampleList } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';
import type { ImportResponse } from './post-import-files.ts';

export const importSamplesQueryKey = ['import', 'samples'] as const;

export function getImportSamples(): Promise<ImportSampleList> {
  return api.get<ImportSampleList>('/import/samples');
}

export function getImportSamplesQueryOptions() {
  return queryOptions({ queryKey: importSamplesQueryKey, queryFn: getImportSamples });
}

export function useImportSamples() {
  return useQuery(getImportSamplesQueryOptions());
}

export function postImportSample(id: string): Promise<ImportResponse> {
  return api.post<ImportResponse>('/import/sample', { form: { Id: id } });
}
