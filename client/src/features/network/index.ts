/** The network feature's public entry: what other features may use (the forward dialog's destinations). */
export { getSendDestinationsQueryOptions, useSendDestinations } from './api/get-send-destinations.ts';
export type { SendDestination } from './types.ts';
