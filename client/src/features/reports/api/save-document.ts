import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { DocumentPayload } from '../sections.ts';
import { documentTitlesQueryKey } from './get-document-titles.ts';
import { reportsQueryKey } from './get-reports.ts';
import { studyQueryKey } from '../../studies/index.ts';

export interface SaveDocumentInput {
  studyInstanceUid: string;
  /** The report to add the document to; null creates the study's first report with it. */
  reportNo: number | null;
  payload: DocumentPayload;
}

/**
 * `POST /reports/create` (first save: the report and its first document) or `POST
 * /documents/create` (a new document in the report). The fields are the spec's form fields; they
 * travel as JSON, which the adapter reads the same way, because `images` repeats and the shared
 * client's form encoding sets each key once.
 */
export function postSaveDocument({ studyInstanceUid, reportNo, payload }: SaveDocumentInput): Promise<{ Id: number }> {
  return reportNo === null
    ? api.post<{ No: number; Id: number }>('/reports/create', { json: { uid: studyInstanceUid, name: '', ...payload } })
    : api.post<{ Id: number }>('/documents/create', { json: { report: reportNo, ...payload } });
}

/** The study's ReportStatus follows the saved document: its report, header and list rows reload. */
export function invalidateStudyReports(queryClient: ReturnType<typeof useQueryClient>, studyInstanceUid: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reportsQueryKey(studyInstanceUid) }),
    queryClient.invalidateQueries({ queryKey: studyQueryKey(studyInstanceUid) }),
    queryClient.invalidateQueries({ queryKey: ['viewer', 'study', studyInstanceUid] }),
  ]);
}

export function useSaveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSaveDocument,
    onSuccess: (_result, input) =>
      Promise.all([
        invalidateStudyReports(queryClient, input.studyInstanceUid),
        queryClient.invalidateQueries({ queryKey: documentTitlesQueryKey }),
      ]),
  });
}
