/**
 * The heartbeat (spec 1 §4): a one-second tick while signed in; every 10th tick, or at once when
 * the current page has no marker yet, the server is asked when the page's data last changed.
 * Five failures in a row mean the server is lost; a 401 means the session is.
 *
 * "Marker is empty" is read as "not fetched yet for this page": the server answers '' until
 * something happens, and asking every second for that would turn the heartbeat into a poll.
 */
import { HEARTBEAT_EVERY_TICKS, HEARTBEAT_OFFLINE_AFTER_FAILURES, HEARTBEAT_TICK_MS } from '@pacs/common';
import { isApiError } from '../lib/api-error.ts';
import type { HeartbeatKey } from '../features/server/api/get-heartbeat.ts';

export interface HeartbeatHooks {
  fetchMarker: (key: HeartbeatKey | null) => Promise<string>;
  pageKey: () => HeartbeatKey | null;
  isSignedIn: () => boolean;
  hasMarker: (key: HeartbeatKey) => boolean;
  onMarker: (key: HeartbeatKey, marker: string) => void;
  onSuccess: () => void;
  onUnauthorized: () => void;
  onOffline: () => void;
}

/** The page key for a route: study on the list, mwm on the worklist, trashbox on the recycle bin. */
export function heartbeatKeyFor(pathname: string): HeartbeatKey | null {
  if (pathname === '/list') return 'study';
  if (pathname === '/mwm') return 'mwm';
  if (pathname === '/admin/server/recycle-bin') return 'trashbox';
  return null;
}

export class Heartbeat {
  private ticks = 0;
  private failures = 0;
  private inFlight = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly hooks: HeartbeatHooks) {}

  start(): void {
    if (this.timer === null) this.timer = setInterval(() => void this.tick(), HEARTBEAT_TICK_MS);
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  get consecutiveFailures(): number {
    return this.failures;
  }

  /** One tick; exposed for tests. Resolves when any request it started has settled. */
  async tick(): Promise<void> {
    if (!this.hooks.isSignedIn()) {
      this.ticks = 0;
      this.failures = 0;
      return;
    }
    this.ticks += 1;
    const key = this.hooks.pageKey();
    const due = this.ticks % HEARTBEAT_EVERY_TICKS === 0 || (key !== null && !this.hooks.hasMarker(key));
    if (!due || this.inFlight) return;
    this.inFlight = true;
    try {
      const marker = await this.hooks.fetchMarker(key);
      this.failures = 0;
      this.hooks.onSuccess();
      if (key !== null) this.hooks.onMarker(key, marker);
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        this.failures = 0;
        this.hooks.onUnauthorized();
      } else {
        this.failures += 1;
        if (this.failures >= HEARTBEAT_OFFLINE_AFTER_FAILURES) this.hooks.onOffline();
      }
    } finally {
      this.inFlight = false;
    }
  }
}
