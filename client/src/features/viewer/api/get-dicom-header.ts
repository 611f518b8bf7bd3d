import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE } from '@pacs/common';
import { ApiError } from '../../../lib/api-error.ts';

/** One attribute of a DICOM JSON data set (PS3.18 F.2). */
export interface DicomJsonAttribute {
  vr: string;
  Value?: unknown[];
  BulkDataURI?: string;
  InlineBinary?: string;
}

export type DicomJsonDataSet = Record<string, DicomJsonAttribute>;

export interface InstanceKey {
  StudyInstanceUID: string;
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
}

/** The instance's metadata through the access-checked DICOMweb proxy: every tag but bulk data. */
export async function getDicomHeader(key: InstanceKey): Promise<DicomJsonDataSet> {
  const url = `${API_BASE}/dicom-web/studies/${key.StudyInstanceUID}/series/${key.SeriesInstanceUID}/instances/${key.SOPInstanceUID}/metadata`;
  const response = await fetch(url, { headers: { Accept: 'application/dicom+json' }, credentials: 'same-origin' });
  if (!response.ok) throw await ApiError.fromResponse(response);
  const [first] = (await response.json()) as DicomJsonDataSet[];
  return first ?? {};
}

export function useDicomHeader(key: InstanceKey | null) {
  return useQuery(
    queryOptions({
      queryKey: ['viewer', 'dicom-header', key?.SOPInstanceUID ?? ''],
      queryFn: () => getDicomHeader(key as InstanceKey),
      enabled: key !== null,
      staleTime: Number.POSITIVE_INFINITY,
      // The dialog and the /dicomheader page say why the header is missing themselves.
      meta: { silent: true },
    }),
  );
}
