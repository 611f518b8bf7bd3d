import { API_BASE } from '@pacs/common';
import { sessionStore } from '../../../state/index.ts';
import { ApiError } from '../../../lib/api-error.ts';

export interface CaptureResult {
  StudyInstanceUID: string;
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
}

/**
 * `POST /studies/capture` (multipart): the PNG of a viewport becomes a Secondary Capture in the
 * same study (a new "Capture" series). Multipart is outside the JSON/form api client, so the
 * request is made here with the same headers it would send.
 */
export async function postCapture(input: {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  seriesDescription?: string;
  image: Blob;
}): Promise<CaptureResult> {
  const body = new FormData();
  body.set('uid', input.studyInstanceUid);
  body.set('SeriesInstanceUID', input.seriesInstanceUid);
  if (input.seriesDescription) body.set('SeriesDescription', input.seriesDescription);
  body.set('image', input.image, 'capture.png');
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  const token = sessionStore.csrfToken;
  if (token) headers['X-CSRF-Token'] = token;
  const response = await fetch(`${API_BASE}/studies/capture`, { method: 'POST', body, headers, credentials: 'same-origin' });
  if (!response.ok) throw await ApiError.fromResponse(response);
  return (await response.json()) as CaptureResult;
}

/** `GET /series/export?uid=`: the series' DICOM files as a zip (viewer_export). */
export function seriesExportUrl(seriesInstanceUid: string): string {
  return `${API_BASE}/series/export?uid=${encodeURIComponent(seriesInstanceUid)}`;
}
