// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { handleError } from './error-effects.ts';
import { setNavigator } from './navigation.ts';
import { sessionStore } from '../state/index.ts';
import { signedAccount } from '../state/signed-account.fixture.ts';

function account(isGuest: boolean) {
  return signedAccount(isGuest ? { Id: 'guest-1', IsGuest: true } : {});
}

/** Two requests refused at once, as the heartbeat and a page's own query can be. */
function twoRefusals(): string[] {
  const targets: string[] = [];
  // The router navigates later: the hash still shows the page that was open.
  setNavigator({ navigate: (to) => targets.push(to) });
  window.location.hash = '#/list';
  handleError(new ApiError(401, null, 'Signed out'));
  handleError(new ApiError(401, null, 'Authentication is required.'));
  return targets;
}

describe('a lost session', () => {
  afterEach(() => {
    sessionStore.clear();
    vi.restoreAllMocks();
  });

  it('sends a guest to /invalid, however many requests were refused at once', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStore.setAccount(account(true));
    expect(twoRefusals()).toEqual(['/invalid', '/invalid']);
    expect(sessionStore.isSignedIn).toBe(false);
  });

  it('sends a user to sign in again, back to the page they were on', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStore.setAccount(account(true));
    sessionStore.clear();
    // A user signs in after a guest in the same tab: their lost session goes to the login.
    sessionStore.setAccount(account(false));
    expect(twoRefusals()).toEqual(['/login?redirect=%2Flist', '/login?redirect=%2Flist']);
  });
});
