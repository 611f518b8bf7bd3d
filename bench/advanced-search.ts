/**
 * Part of `--only=lists`: the advanced search (issue 21) against the 100,000-row index the lists
 * part built. Three filters as the dialog sends them (a forward name match, a modality, a study
 * date range), with and without the default sort, beside the quick search the lists part measures.
 */
import { advancedSearchQuery } from '@pacs/common';
import { measure, type Measurement } from './measure.ts';

export async function benchAdvancedSearch(baseUrl: string, cookie: string): Promise<Measurement[]> {
  const query = advancedSearchQuery({
    PatientName: { text: 'SMITH', type: 'forward' },
    ModalitiesInStudy: { values: ['CT'] },
    StudyDate: { from: '2012-01-01', to: '2015-12-31' },
  });
  const url = (extra: Record<string, string>) =>
    `${baseUrl}/viewer/api/studies/search?${new URLSearchParams({ ...query, limit: '100', ...extra })}`;
  const call = (target: string) => async () => {
    const response = await fetch(target, { headers: { cookie } });
    if (!response.ok) throw new Error(`${target}: ${response.status}`);
    await response.arrayBuffer();
  };
  return [
    await measure('advanced_search_100k', 200, 1, call(url({ orderby: 'studydatetime desc' }))),
    await measure('advanced_search_100k_by_name', 200, 1, call(url({ orderby: 'patientname asc' }))),
  ];
}
