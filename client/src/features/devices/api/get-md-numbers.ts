import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MedicalDeviceNumbers } from '@pacs/common';
import { api } from '../../../lib/api-client.ts';

/** `GET /md/number`: a medical-device edition's identification (404 in the other editions). */
export function getMdNumbers(): Promise<MedicalDeviceNumbers> {
  return api.get<MedicalDeviceNumbers>('/md/number');
}

export function useMdNumbers(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: ['md', 'number'], queryFn: getMdNumbers, staleTime: Infinity, enabled, retry: false }));
}

/** The address of the GS1 DataMatrix of one device identifier (`GET /md/barcode`). */
export function mdBarcodeUrl(deviceIdentifier: string): string {
  return `/viewer/api/md/barcode?di=${encodeURIComponent(deviceIdentifier)}`;
}
