import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListResponse, StudyItem } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/** Enough for a patient's history; the comparison pickers list them newest first. */
const PATIENT_STUDY_LIMIT = 100;

/**
 * `GET /studies/search?PatientID=`: the studies of one patient the caller may see (the server
 * applies the visibility rules), newest first. A patient ID without wildcards is a perfect match.
 */
export async function getPatientStudies(patientId: string): Promise<StudyItem[]> {
  const answer = await api.get<ListResponse<StudyItem>>('/studies/search', {
    query: { PatientID: patientId, limit: PATIENT_STUDY_LIMIT, offset: 0, orderby: 'StudyDateTime desc' },
  });
  return answer.Items;
}

export function getPatientStudiesQueryOptions(patientId: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['viewer', 'patient-studies', patientId],
    queryFn: () => getPatientStudies(patientId),
    enabled: enabled && patientId !== '',
    staleTime: 60_000,
    retry: false,
  });
}

export function usePatientStudies(patientId: string, enabled: boolean) {
  return useQuery(getPatientStudiesQueryOptions(patientId, enabled));
}
