/**
 * After this user's own restore, delete or move to the bin, the page's heartbeat marker changes
 * too; without this the page would soon say "changed on the server, refresh" about what the user
 * just did. The new marker is read and recorded as seen; the data is reloaded right after, so a
 * change by someone else in between is on screen anyway.
 */
import { runInAction } from 'mobx';
import { getHeartbeat, type HeartbeatKey } from '../server/index.ts';
import { uiStore } from '../../state/index.ts';

export async function acknowledgeOwnChange(key: HeartbeatKey): Promise<void> {
  // Before the first marker of the page is known, the heartbeat records it without flagging anything.
  if (!uiStore.pageMarkers.has(key)) return;
  try {
    const marker = await getHeartbeat(key);
    runInAction(() => {
      uiStore.recordMarker(key, marker);
      uiStore.markPageRefreshed(key);
    });
  } catch {
    // The heartbeat reports a lost server itself; at worst the page says it changed.
  }
}
