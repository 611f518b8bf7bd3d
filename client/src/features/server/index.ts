/** The server feature's public entry: what other features may use. */
export { getStateQueryOptions } from './api/get-state.ts';
export { getHeartbeat, type HeartbeatKey } from './api/get-heartbeat.ts';
export { StorageAlert } from './components/storage-alert.tsx';
export { ReleaseNotesDialog } from './components/release-notes-dialog.tsx';
