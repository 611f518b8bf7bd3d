import type { QueryClient } from '@tanstack/react-query';
import { connectorsQueryKey } from './get-connectors.ts';
import { providersQueryKey } from './get-providers.ts';
import { dicomUsersQueryKey } from './get-dicom-users.ts';

/** A change to a connector, its providers or their DICOM users shows in the connectors, the providers and the DICOM users. */
export function invalidateConnectors(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [connectorsQueryKey, providersQueryKey, dicomUsersQueryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
