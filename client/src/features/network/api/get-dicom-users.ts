import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { DicomUser } from '../types.ts';

export const dicomUsersQueryKey = ['network', 'users'] as const;

/** `GET /users/all`: the DICOM users (modalities registered to store into and query a provider). */
export function getDicomUsers(): Promise<DicomUser[]> {
  return api.get<DicomUser[]>('/users/all');
}

export function getDicomUsersQueryOptions() {
  return queryOptions({ queryKey: dicomUsersQueryKey, queryFn: getDicomUsers });
}

export function useDicomUsers() {
  return useQuery(getDicomUsersQueryOptions());
}
