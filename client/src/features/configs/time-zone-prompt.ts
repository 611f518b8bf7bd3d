/**
 * When the country and time zone prompt opens (spec 1 §4: admins are asked while the configs lack
 * them). It opens once per browser session of an account: a reload or a new route does not ask
 * again, whether the admin saved or chose Later; signing in again asks again while the values are
 * still missing (see docs/decisions.md). The mark lives in sessionStorage, which a reload keeps
 * and closing the tab forgets.
 */

const KEY = 'pacs.time_zone_prompted';

/** The storage the mark lives in; null where it cannot be used (private modes, tests). */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Whether the prompt may open for this account now; marks it as shown when it may. */
export function takeTimeZonePrompt(accountId: string, store: Storage | null = storage()): boolean {
  if (!store) return true;
  try {
    if (store.getItem(KEY) === accountId) return false;
    store.setItem(KEY, accountId);
  } catch {
    // A full or blocked storage: asking again is better than never asking.
  }
  return true;
}

/** Signing out: the next sign-in asks again while the values are missing. */
export function forgetTimeZonePrompt(store: Storage | null = storage()): void {
  try {
    store?.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
