/**
 * What each area of the app needs (spec 1 §2 route table) and the tabs inside the tabbed areas.
 * The router, the menus and the settings navigation all read these, so a rule lives once.
 */
import type { RouteAccess } from './route-access.ts';

export const AREA_ACCESS = {
  list: { login: true, permission: 'list' },
  viewer: { login: true, permission: 'viewer' },
  report: { login: true, permission: 'report' },
  mwm: { login: true, permission: 'mwm', onPremises: true },
  dashboard: { login: true, permission: 'dashboard' },
  statistics: { login: true, permission: 'statistics' },
  share: { login: true, permission: 'share', hiddenIn: ['teleradiology'] },
  admin: { login: true, permission: 'admin' },
  user: { login: true, permission: 'user' },
  browser: { login: true, permission: 'browser' },
  subscription: { login: true, permission: 'subscription', cloud: true, notGuest: true },
  about: {},
  dicomheader: { login: true },
} as const satisfies Record<string, RouteAccess>;

export type AreaKey = keyof typeof AREA_ACCESS;

/** A tab (leaf) or a group of tabs. The first child is where its parent redirects. */
export interface TabNode {
  key: string;
  access?: RouteAccess;
  children?: readonly TabNode[];
}

const onPremises: RouteAccess = { onPremises: true };
const notTeleradiology: RouteAccess = { hiddenIn: ['teleradiology'] };

function leaves(...keys: string[]): TabNode[] {
  return keys.map((key) => ({ key }));
}

export const TABBED_AREAS = {
  admin: [
    { key: 'general', children: leaves('license', 'localization', 'integration', 'security', 'log', 'option') },
    { key: 'server', children: leaves('general', 'connection', 'recycle-bin', 'auto-delete') },
    {
      key: 'client',
      children: [
        { key: 'general' },
        { key: 'connection', access: onPremises },
        { key: 'report' },
        { key: 'mwm', access: onPremises },
        // Patient records serve the worklist, which exists only on premises (docs/decisions.md "Patient records").
        { key: 'patient', access: onPremises },
      ],
    },
    { key: 'account' },
    { key: 'statistics' },
    { key: 'share', children: [{ key: 'general' }, { key: 'guest', access: notTeleradiology }] },
  ],
  user: [
    { key: 'list', children: leaves('general', 'toolbar', 'search', 'share') },
    { key: 'viewer', children: leaves('general', 'appearance', 'layout', 'toolbar', 'window-level') },
    { key: 'report', children: leaves('template', 'pdf', 'toolbar') },
    { key: 'mwm', access: onPremises, children: leaves('general', 'search', 'toolbar') },
    { key: 'profile' },
  ],
  statistics: leaves('amount-of-data', 'number-of-web-connection', 'number-of-share', 'number-of-study'),
  share: leaves('study', 'patient'),
  browser: leaves('multi-monitor'),
  subscription: leaves('summary', 'payment', 'history', 'credit_card', 'account'),
  about: [{ key: 'overview' }, { key: 'release-notes', access: { hiddenIn: ['md', 'sdmd'] } }, { key: 'terms' }, { key: 'credits' }],
} as const satisfies Partial<Record<AreaKey, readonly TabNode[]>>;

export type TabbedArea = keyof typeof TABBED_AREAS;
