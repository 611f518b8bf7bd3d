/**
 * Session loading (spec 1 §4 "When the signed-in id changes"): after sign-in the account, then
 * the configs (admins initialise them first and are asked for the time zone when it is missing),
 * then the user settings, whose language is applied. Logout clears identity and settings.
 */
import type { Configs, SignedAccount } from '@pacs/common';
import { isApiError } from '../../lib/api-error.ts';
import { getSignedAccount, signedAccountQueryKey } from '../accounts/index.ts';
import { deleteLogin } from './api/logout.ts';
import { configsQueryKey, getConfigs } from '../configs/index.ts';
import { postInitConfigs } from '../configs/index.ts';
import { forgetTimeZonePrompt, takeTimeZonePrompt } from '../configs/index.ts';
import { getSettings, settingsQueryKey } from '../settings/index.ts';
import { getStateQueryOptions } from '../server/index.ts';
import { handleError } from '../../lib/error-effects.ts';
import { applyLanguage } from '../../state/language.ts';
import { queryClient } from '../../lib/query-client.ts';
import { sessionStore, uiStore } from '../../state/index.ts';

/** Reads /state once; the edition decides routes and menus. A failure keeps the default. */
export async function ensureServerState(): Promise<void> {
  if (sessionStore.serverState) return;
  try {
    sessionStore.setServerState(await queryClient.fetchQuery(getStateQueryOptions()));
  } catch {
    // Public facts only; the app still works with the default edition until the next try.
  }
}

export function needsTimeZone(configs: Configs | null): boolean {
  return !configs || !configs.country || !configs.time_zone;
}

async function loadConfigs(isAdmin: boolean): Promise<Configs | null> {
  try {
    if (isAdmin) {
      try {
        return await postInitConfigs();
      } catch {
        // Initialisation failed (e.g. the database is read-only): fall back to what is stored.
      }
    }
    return await getConfigs();
  } catch {
    return null;
  }
}

/** The account whose session is being loaded: its CSRF token signs the loading's own POSTs. */
let loadingAccount: SignedAccount | null = null;

/**
 * The CSRF token for the API client. While a session loads, the store has no account yet, and
 * without this the admin's configs initialisation went out unsigned, was refused and retried.
 */
export function currentCsrfToken(): string | null {
  return sessionStore.csrfToken ?? loadingAccount?.CsrfToken ?? null;
}

/** Loads everything that belongs to a newly signed-in account. Throws when the settings cannot be read. */
export async function loadSessionFor(account: SignedAccount): Promise<void> {
  queryClient.setQueryData(signedAccountQueryKey, account);
  const admin = account.Permissions.all === true || account.Permissions.admin === true;
  loadingAccount = account;
  let configs: Configs | null;
  let settings: Awaited<ReturnType<typeof getSettings>>;
  try {
    // Independent of each other: asked together, the first screen waits one round trip less.
    [configs, settings] = await Promise.all([loadConfigs(admin), getSettings(), ensureServerState()]);
  } finally {
    loadingAccount = null;
  }
  sessionStore.setAccount(account);
  sessionStore.setConfigs(configs);
  sessionStore.setSettings(settings.Settings);
  if (configs) queryClient.setQueryData(configsQueryKey, configs);
  queryClient.setQueryData(settingsQueryKey, settings);
  if (settings.Settings.lang) applyLanguage(settings.Settings.lang);
  // Once per browser session (not on every page load): see time-zone-prompt.ts.
  if (admin && needsTimeZone(configs) && takeTimeZonePrompt(account.Id)) uiStore.openDialog('time_zone');
}

let pending: Promise<SignedAccount | null> | null = null;

/**
 * The signed-in account, loading it (and its configs and settings) when the app has none yet.
 * Resolves null when nobody is signed in or the session cannot be loaded.
 */
export function ensureSession(): Promise<SignedAccount | null> {
  if (sessionStore.account) return Promise.resolve(sessionStore.account);
  pending ??= (async () => {
    try {
      const account = await getSignedAccount();
      await loadSessionFor(account);
      return account;
    } catch (error) {
      // A server that is down (503: Orthanc or the database) is worth saying; a 401 just means signed out.
      if (isApiError(error) && error.status >= 500) handleError(error);
      else if (!isApiError(error) || error.status !== 401) console.warn('Could not load the session', error);
      return null;
    } finally {
      pending = null;
    }
  })();
  return pending;
}

/** Re-reads the session for a fresh CSRF token (used by the API client after `csrf_failed`). */
export async function refreshCsrfToken(): Promise<string | null> {
  try {
    const account = await getSignedAccount();
    sessionStore.setAccount(account);
    return account.CsrfToken;
  } catch {
    return null;
  }
}

export function clearSession(): void {
  sessionStore.clear();
  uiStore.setOffline(false);
  queryClient.clear();
}

export async function signOut(): Promise<void> {
  try {
    await deleteLogin();
  } catch {
    // The session may already be gone on the server; the client forgets it either way.
  }
  forgetTimeZonePrompt();
  clearSession();
}
