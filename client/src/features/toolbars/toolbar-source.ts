/**
 * Where a page's toolbar items come from (spec 2 §4 "Toolbar saving"): users own theirs (user
 * settings `{page}.toolbar`); share guests all use the app-wide ones of the configs
 * (`share.guest.{page}.toolbar`). Every toolbar reads its items through here.
 */
import {
  defaultGuestListToolbar,
  defaultGuestReportToolbar,
  defaultGuestViewerToolbar,
  defaultSettings,
  type ToolbarItem,
} from '@pacs/common';
import { sessionStore } from '../../state/index.ts';

export type ToolbarPage = 'list' | 'viewer' | 'report' | 'mwm';
/** Pages a share guest reaches (the worklist needs the mwm permission, which guests never hold). */
export type GuestToolbarPage = Exclude<ToolbarPage, 'mwm'>;

const GUEST_DEFAULTS: Record<GuestToolbarPage, () => ToolbarItem[]> = {
  list: defaultGuestListToolbar,
  viewer: defaultGuestViewerToolbar,
  report: defaultGuestReportToolbar,
};

/** The dotted key a page's toolbar is saved under: in the configs for guests, else in the user's settings. */
export function toolbarKey(page: ToolbarPage, guest: boolean): string {
  return guest ? `share.guest.${page}.toolbar` : `${page}.toolbar`;
}

/** Reads the session store; call it inside an observer so a saved toolbar re-renders at once. */
export function useToolbarItems(page: ToolbarPage): ToolbarItem[] {
  if (sessionStore.isGuest) {
    if (page === 'mwm') return [];
    return sessionStore.configs?.share?.guest?.[page]?.toolbar ?? GUEST_DEFAULTS[page]();
  }
  const settings = sessionStore.settings ?? defaultSettings();
  return settings[page].toolbar ?? [];
}
