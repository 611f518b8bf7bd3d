/** The server feature's public entry: what other features may use. */
export { getStateQueryOptions } from './api/get-state.ts';
