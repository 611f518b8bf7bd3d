import { useQuery } from '@tanstack/react-query';
import type { DicomConnectionState } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/** `GET /dicomconnections/state`: the maximum, the registered DICOM users and who is connected now. */
export function getDicomConnectionState(): Promise<DicomConnectionState> {
  return api.get<DicomConnectionState>('/dicomconnections/state');
}

/** Fetched each time the limit dialog opens (spec 1 §2), never cached across openings. */
export function useDicomConnectionState(enabled: boolean) {
  return useQuery({
    queryKey: ['network', 'dicomconnections'],
    queryFn: getDicomConnectionState,
    enabled,
    gcTime: 0,
    staleTime: 0,
    retry: false,
    meta: { silent: true },
  });
}
