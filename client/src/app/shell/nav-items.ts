/**
 * The entries of the sidebar, the mobile menu and the profile dropdown (spec 1 §2), each with
 * the access it needs. Filtering uses the same decision as the route guards.
 */
import type { MessageDescriptor } from 'react-intl';
import { defineMessages } from 'react-intl';
import type { Edition, SignedAccount } from '@pacs/common';
import { AREA_ACCESS } from '../areas.ts';
import { decideAccess, type RouteAccess } from '../route-access.ts';
import type { DialogName } from '../../state/ui-store.ts';
import type { IconName } from '../../components/icons.tsx';

export interface NavItem {
  key: string;
  label: MessageDescriptor;
  icon: IconName;
  /** A route to open, or a dialog to show, or the sign-out flow. */
  href?: string;
  dialog?: DialogName;
  access: RouteAccess;
  /** Shown only when signed in / signed out, beyond what `access` says. */
  when?: 'signed-in' | 'signed-out';
  /** Hidden for guests. */
  notGuest?: boolean;
  /** Hidden in these editions. */
  hiddenIn?: readonly Edition[];
}

const labels = defineMessages({
  list: { id: 'nav.list' },
  viewer: { id: 'nav.viewer' },
  report: { id: 'nav.report' },
  mwm: { id: 'nav.mwm' },
  dashboard: { id: 'nav.dashboard' },
  statistics: { id: 'nav.statistics' },
  share: { id: 'nav.share' },
  admin: { id: 'nav.admin' },
  user: { id: 'nav.user' },
  browser: { id: 'nav.browser' },
  subscription: { id: 'nav.subscription' },
  about: { id: 'nav.about' },
  profile: { id: 'nav.profile' },
  keyboard_shortcuts: { id: 'nav.keyboard_shortcuts' },
  contact: { id: 'nav.contact' },
  login: { id: 'nav.login' },
  logout: { id: 'nav.logout' },
});

const AREAS: NavItem[] = [
  { key: 'list', label: labels.list, icon: 'list', href: '/list', access: AREA_ACCESS.list },
  { key: 'viewer', label: labels.viewer, icon: 'viewer', href: '/viewer', access: AREA_ACCESS.viewer },
  { key: 'report', label: labels.report, icon: 'report', href: '/report', access: AREA_ACCESS.report },
  { key: 'mwm', label: labels.mwm, icon: 'mwm', href: '/mwm', access: AREA_ACCESS.mwm },
  { key: 'dashboard', label: labels.dashboard, icon: 'dashboard', href: '/dashboard', access: AREA_ACCESS.dashboard },
  { key: 'statistics', label: labels.statistics, icon: 'statistics', href: '/statistics', access: AREA_ACCESS.statistics },
  { key: 'share', label: labels.share, icon: 'share', href: '/share', access: AREA_ACCESS.share },
  { key: 'admin', label: labels.admin, icon: 'admin', href: '/admin', access: AREA_ACCESS.admin },
  { key: 'user', label: labels.user, icon: 'user', href: '/user', access: AREA_ACCESS.user },
  { key: 'browser', label: labels.browser, icon: 'browser', href: '/browser', access: AREA_ACCESS.browser },
  { key: 'subscription', label: labels.subscription, icon: 'subscription', href: '/subscription', access: AREA_ACCESS.subscription },
];

const LOGIN: NavItem = { key: 'login', label: labels.login, icon: 'login', href: '/login', access: {}, when: 'signed-out' };
const LOGOUT: NavItem = {
  key: 'logout',
  label: labels.logout,
  icon: 'logout',
  dialog: 'logout',
  access: {},
  when: 'signed-in',
  hiddenIn: ['media_viewer'],
};
const PROFILE: NavItem = {
  key: 'profile',
  label: labels.profile,
  icon: 'profile',
  dialog: 'profile',
  access: { login: true },
  notGuest: true,
};
const ABOUT: NavItem = { key: 'about', label: labels.about, icon: 'about', href: '/about', access: AREA_ACCESS.about };
const SHORTCUTS: NavItem = {
  key: 'keyboard_shortcuts',
  label: labels.keyboard_shortcuts,
  icon: 'keyboard',
  dialog: 'keyboard_shortcuts',
  access: { login: true },
};

const CONTACT: NavItem = { key: 'contact', label: labels.contact, icon: 'mail', dialog: 'contact', access: { login: true } };

export const SIDEBAR_ITEMS: readonly NavItem[] = [...AREAS, ABOUT];
export const MOBILE_MENU_ITEMS: readonly NavItem[] = [PROFILE, ...AREAS, ABOUT, CONTACT, LOGOUT, LOGIN];
export const PROFILE_ITEMS: readonly NavItem[] = [
  PROFILE,
  ...AREAS.filter((item) => item.key !== 'viewer' && item.key !== 'report'),
  ABOUT,
  CONTACT,
  SHORTCUTS,
  LOGOUT,
  LOGIN,
];

export interface NavContext {
  account: SignedAccount | null;
  edition: Edition;
}

export function isItemVisible(item: NavItem, context: NavContext): boolean {
  if (item.when === 'signed-in' && !context.account) return false;
  if (item.when === 'signed-out' && context.account) return false;
  if (item.notGuest && context.account?.IsGuest) return false;
  if (item.hiddenIn?.includes(context.edition)) return false;
  return decideAccess(item.access, context) === 'allow';
}

export function visibleItems(items: readonly NavItem[], context: NavContext): NavItem[] {
  return items.filter((item) => isItemVisible(item, context));
}
