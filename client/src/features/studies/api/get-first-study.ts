import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, StudyItem } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/**
 * `GET /studies/search`, one row: the newest study the caller may see, of one patient when
 * `patientId` is given. A share link without a study (a guest's `?accesskey=`, a patient share's
 * `?patientid=`) opens this one; the server's visibility rules decide what "may see" means, so a
 * guest gets the shared study, or the newest study of the shared patient.
 */
export async function getFirstStudy(patientId: string): Promise<string | null> {
  const query: Record<string, string | number> = { limit: 1, offset: 0, orderby: 'StudyDateTime desc' };
  if (patientId) query.PatientID = patientId;
  const answer = await api.get<ListResponse<StudyItem>>('/studies/search', { query });
  return answer.Items[0]?.StudyInstanceUID ?? null;
}

export function useFirstStudy(patientId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['studies', 'first', patientId],
      queryFn: () => getFirstStudy(patientId),
      retry: false,
    }),
  );
}
