/**
 * The screen classes of spec 1 §2: a phone below 576 px, a tablet below 768 px, a PC from there.
 * Screens that change shape with them (the study list's cards, the viewer's single viewport and
 * bottom bar) read them here, following rotation and resizing.
 */
import { useSyncExternalStore } from 'react';
import { BREAKPOINT_PC_PX, BREAKPOINT_TABLET_PX } from '@pacs/common';

export type ScreenClass = 'phone' | 'tablet' | 'pc';

const QUERIES = {
  phone: `(max-width: ${BREAKPOINT_TABLET_PX - 0.02}px)`,
  tablet: `(max-width: ${BREAKPOINT_PC_PX - 0.02}px)`,
};

const hasMatchMedia = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function';

function subscribe(onChange: () => void): () => void {
  if (!hasMatchMedia()) return () => undefined;
  const queries = Object.values(QUERIES).map((query) => window.matchMedia(query));
  for (const query of queries) query.addEventListener('change', onChange);
  return () => {
    for (const query of queries) query.removeEventListener('change', onChange);
  };
}

function snapshot(): ScreenClass {
  if (!hasMatchMedia()) return 'pc';
  if (window.matchMedia(QUERIES.phone).matches) return 'phone';
  return window.matchMedia(QUERIES.tablet).matches ? 'tablet' : 'pc';
}

export function useScreenClass(): ScreenClass {
  return useSyncExternalStore(subscribe, snapshot, () => 'pc');
}

/** True on a phone-sized screen. */
export function useIsPhone(): boolean {
  return useScreenClass() === 'phone';
}
