import { api } from '../../../lib/api-client.ts';

/** Page keys the heartbeat reports on (spec 1 §4). */
export type HeartbeatKey = 'study' | 'mwm' | 'trashbox';

/**
 * `GET /server/heartbeat?key=`: a text marker of when the page's data last changed (may be '').
 * Called by the heartbeat loop, not through react-query: it runs on its own clock.
 */
export function getHeartbeat(key: HeartbeatKey | null): Promise<string> {
  return api.get<string>('/server/heartbeat', { query: { key: key ?? undefined }, responseType: 'text' });
}
