import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import type { HeartbeatKey } from '../features/server/api/get-heartbeat.ts';
import { Heartbeat, heartbeatKeyFor, type HeartbeatHooks } from './heartbeat.ts';

function setup(overrides: Partial<HeartbeatHooks> = {}) {
  const markers = new Map<HeartbeatKey, string>();
  const hooks = {
    fetchMarker: vi.fn<HeartbeatHooks['fetchMarker']>().mockResolvedValue('2026-01-01T00:00:00Z'),
    pageKey: vi.fn<HeartbeatHooks['pageKey']>().mockReturnValue(null),
    isSignedIn: vi.fn<HeartbeatHooks['isSignedIn']>().mockReturnValue(true),
    hasMarker: (key: HeartbeatKey) => markers.has(key),
    onMarker: vi.fn<HeartbeatHooks['onMarker']>((key, marker) => void markers.set(key, marker)),
    onSuccess: vi.fn<HeartbeatHooks['onSuccess']>(),
    onUnauthorized: vi.fn<HeartbeatHooks['onUnauthorized']>(),
    onOffline: vi.fn<HeartbeatHooks['onOffline']>(),
    ...overrides,
  };
  return { hooks, heartbeat: new Heartbeat(hooks) };
}

describe('Heartbeat', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks the server every 10th tick', async () => {
    const { hooks, heartbeat } = setup();
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(9_000);
    expect(hooks.fetchMarker).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hooks.fetchMarker).toHaveBeenCalledTimes(1);
    expect(hooks.fetchMarker).toHaveBeenCalledWith(null);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(hooks.fetchMarker).toHaveBeenCalledTimes(2);
    heartbeat.stop();
  });

  it('asks at once when the page has no marker yet, then every 10th tick', async () => {
    const { hooks, heartbeat } = setup({ pageKey: vi.fn<HeartbeatHooks['pageKey']>().mockReturnValue('study') });
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hooks.fetchMarker).toHaveBeenCalledWith('study');
    await vi.advanceTimersByTimeAsync(8_000);
    expect(hooks.fetchMarker).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(hooks.fetchMarker).toHaveBeenCalledTimes(2);
    heartbeat.stop();
  });

  it('passes each marker on for the page', async () => {
    const { hooks, heartbeat } = setup({ pageKey: () => 'mwm' });
    await heartbeat.tick();
    expect(hooks.onMarker).toHaveBeenCalledWith('mwm', '2026-01-01T00:00:00Z');
    expect(hooks.onSuccess).toHaveBeenCalled();
  });

  it('goes offline after 5 consecutive failures, and a success resets the count', async () => {
    const fetchMarker = vi.fn<HeartbeatHooks['fetchMarker']>().mockRejectedValue(ApiError.network(new Error('down')));
    const { hooks, heartbeat } = setup({ fetchMarker });
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(heartbeat.consecutiveFailures).toBe(4);
    expect(hooks.onOffline).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(hooks.onOffline).toHaveBeenCalledTimes(1);
    fetchMarker.mockResolvedValue('');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(heartbeat.consecutiveFailures).toBe(0);
    expect(hooks.onSuccess).toHaveBeenCalled();
    heartbeat.stop();
  });

  it('sends a 401 to login without counting it as a failure', async () => {
    const fetchMarker = vi.fn<HeartbeatHooks['fetchMarker']>().mockRejectedValue(new ApiError(401, null, 'signed out'));
    const { hooks, heartbeat } = setup({ fetchMarker, pageKey: () => 'study' });
    await heartbeat.tick();
    expect(hooks.onUnauthorized).toHaveBeenCalled();
    expect(heartbeat.consecutiveFailures).toBe(0);
  });

  it('does nothing while signed out', async () => {
    const { hooks, heartbeat } = setup({ isSignedIn: () => false, pageKey: () => 'study' });
    heartbeat.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(hooks.fetchMarker).not.toHaveBeenCalled();
    heartbeat.stop();
  });
});

describe('heartbeatKeyFor', () => {
  it('maps pages to keys', () => {
    expect(heartbeatKeyFor('/list')).toBe('study');
    expect(heartbeatKeyFor('/mwm')).toBe('mwm');
    expect(heartbeatKeyFor('/admin/server/recycle-bin')).toBe('trashbox');
    expect(heartbeatKeyFor('/viewer')).toBeNull();
  });
});
