/** Starts the heartbeat and the inactivity counter for the life of the shell. */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { getHeartbeat } from '../features/server/api/get-heartbeat.ts';
import { handleError } from '../lib/error-effects.ts';
import { Heartbeat, heartbeatKeyFor } from './heartbeat.ts';
import { Inactivity } from './inactivity.ts';
import { sessionStore, uiStore } from '../state/index.ts';
import { ApiError } from '../lib/api-error.ts';

export function useBackgroundChecks(): void {
  const { pathname } = useLocation();
  const currentPath = useRef(pathname);
  currentPath.current = pathname;

  useEffect(() => {
    const heartbeat = new Heartbeat({
      fetchMarker: getHeartbeat,
      pageKey: () => heartbeatKeyFor(currentPath.current),
      isSignedIn: () => sessionStore.isSignedIn,
      hasMarker: (key) => uiStore.pageMarkers.has(key),
      onMarker: (key, marker) => uiStore.recordMarker(key, marker),
      onSuccess: () => uiStore.setOffline(false),
      onUnauthorized: () => handleError(new ApiError(401, null, 'Signed out')),
      onOffline: () => uiStore.setOffline(true),
    });
    const inactivity = new Inactivity((inactive) => uiStore.setInactive(inactive));
    heartbeat.start();
    inactivity.start();
    return () => {
      heartbeat.stop();
      inactivity.stop();
    };
  }, []);
}
