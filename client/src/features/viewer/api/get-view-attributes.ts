import { API_BASE } from '@pacs/common';
import { ApiError } from '../../../lib/api-error.ts';
import type { DicomJsonDataSet } from './get-dicom-header.ts';

/** What a hanging protocol's views read of a series: its first instance's view position and laterality. */
export interface ViewAttributes {
  ViewPosition: string | null;
  ImageLaterality: string | null;
}

const text = (data: DicomJsonDataSet | undefined, tag: string): string | null => {
  const value = data?.[tag]?.Value?.[0];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/**
 * `GET dicom-web/studies/{study}/series/{series}/instances?limit=1&includefield=…` (QIDO through
 * the access-checked proxy): ViewPosition (0018,5101) and ImageLaterality (0020,0062), else the
 * series' Laterality (0020,0060), of its first instance. Not the series metadata: Orthanc serves
 * that from its main tags ("SeriesMetadata": "MainDicomTags"), which hold neither; QIDO asked for
 * a tag outside them reads the one file.
 */
export async function getViewAttributes(studyUid: string, seriesUid: string, signal?: AbortSignal): Promise<ViewAttributes> {
  const fields = ['00185101', '00200062', '00200060'].map((tag) => `includefield=${tag}`).join('&');
  const url = `${API_BASE}/dicom-web/studies/${encodeURIComponent(studyUid)}/series/${encodeURIComponent(seriesUid)}/instances?limit=1&${fields}`;
  const response = await fetch(url, { headers: { Accept: 'application/dicom+json' }, credentials: 'same-origin', signal });
  if (!response.ok) throw await ApiError.fromResponse(response);
  const [first] = (await response.json()) as DicomJsonDataSet[];
  return { ViewPosition: text(first, '00185101'), ImageLaterality: text(first, '00200062') ?? text(first, '00200060') };
}
