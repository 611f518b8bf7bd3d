/**
 * Who may open a route (spec 1 §4 "Route guards"). Pure: the guard loader (guard.ts) gathers the
 * session and acts on the decision.
 */
import { hasPermission, isCloudEdition, isOnPremises, type Edition, type PermissionKey, type SignedAccount } from '@pacs/common';

export interface RouteAccess {
  /** A session is needed (guests pass). Implied by every other requirement. */
  login?: boolean;
  /** `all` or this permission, after edition and kind exclusions. */
  permission?: PermissionKey;
  /** Only in an on-premises install (worklist, client connection settings). */
  onPremises?: boolean;
  /** Only in a cloud edition (subscriptions). */
  cloud?: boolean;
  notGuest?: boolean;
  /** Hidden in these editions (e.g. share in teleradiology). */
  hiddenIn?: readonly Edition[];
}

export type AccessDecision = 'allow' | 'login' | 'deny';

export interface AccessContext {
  account: SignedAccount | null;
  edition: Edition;
}

export function needsLogin(access: RouteAccess): boolean {
  return Boolean(access.login || access.permission || access.cloud || access.notGuest || access.onPremises);
}

/** Whether the edition offers the route at all, regardless of who asks. */
export function offeredInEdition(access: RouteAccess, edition: Edition): boolean {
  if (access.onPremises && !isOnPremises(edition)) return false;
  if (access.cloud && !isCloudEdition(edition)) return false;
  if (access.hiddenIn?.includes(edition)) return false;
  return true;
}

export function decideAccess(access: RouteAccess, { account, edition }: AccessContext): AccessDecision {
  if (!needsLogin(access)) return offeredInEdition(access, edition) ? 'allow' : 'deny';
  if (!account) return 'login';
  if (!offeredInEdition(access, edition)) return 'deny';
  if (access.notGuest && account.IsGuest) return 'deny';
  if (access.permission) {
    const context = { permissions: account.Permissions, edition, kind: account.Teleradiology };
    if (!hasPermission(context, access.permission)) return 'deny';
  }
  return 'allow';
}

/** Merges an area's requirements with a tab's own (a tab inherits its area's). */
export function mergeAccess(outer: RouteAccess, inner: RouteAccess | undefined): RouteAccess {
  if (!inner) return outer;
  return {
    ...outer,
    ...inner,
    hiddenIn: [...(outer.hiddenIn ?? []), ...(inner.hiddenIn ?? [])],
  };
}
