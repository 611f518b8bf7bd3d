/** The network feature's public entry: the forward dialog's destinations and the DICOM connection state. */
export { getSendDestinationsQueryOptions, useSendDestinations } from './api/get-send-destinations.ts';
export type { SendDestination } from './types.ts';
export { useDicomConnectionState } from './api/get-dicom-connection-state.ts';
