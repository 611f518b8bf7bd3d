/**
 * The loader every route runs before it renders (spec 1 §4): sign-in from the query string, then
 * the access decision. Loaders of nested routes run in parallel, so the query sign-in is shared
 * per URL and the session load is shared by ensureSession.
 */
import { redirect, replace, type LoaderFunctionArgs } from 'react-router';
import type { SignedAccount } from '@pacs/common';
import { isApiError } from '../lib/api-error.ts';
import { paths, redirectTarget } from '../lib/paths.ts';
import { getLoginByCode, postLogin } from '../features/auth/api/login.ts';
import { hasCredentials, parseQueryLogin, stripCredentials, type QueryLogin } from '../features/auth/query-login.ts';
import { decideAccess, type RouteAccess } from './route-access.ts';
import { clearSession, ensureServerState, ensureSession, loadSessionFor } from '../features/auth/session.ts';
import { sessionStore, uiStore } from '../state/index.ts';

type QueryLoginOutcome = 'signed-in' | 'blocked' | 'invalid' | 'failed';

async function runQueryLogin(login: QueryLogin): Promise<QueryLoginOutcome> {
  try {
    let account: SignedAccount;
    if (login.kind === 'code') account = await getLoginByCode(login.answer);
    else account = await postLogin(login.input);
    clearSession();
    await loadSessionFor(account);
    return 'signed-in';
  } catch (error) {
    if (login.kind === 'access-key') return 'invalid';
    if (isApiError(error) && error.status === 403) return 'blocked';
    return 'failed';
  }
}

const inFlight = new Map<string, Promise<QueryLoginOutcome>>();

function sharedQueryLogin(url: string, login: QueryLogin): Promise<QueryLoginOutcome> {
  let promise = inFlight.get(url);
  if (!promise) {
    promise = runQueryLogin(login).finally(() => setTimeout(() => inFlight.delete(url), 0));
    inFlight.set(url, promise);
  }
  return promise;
}

/** The last route the user was allowed to see: where a denied navigation goes back to. */
let lastAllowed: string | null = null;

export function rememberAllowedLocation(location: string): void {
  if (!location.startsWith(paths.login.path)) lastAllowed = location;
}

/** Handles credentials in the query; throws the redirect that follows, or returns when there are none. */
async function handleQueryLogin(url: URL): Promise<void> {
  if (!hasCredentials(url.search)) return;
  const login = parseQueryLogin(url.search, sessionStore.isSignedIn && !sessionStore.isGuest);
  const cleanSearch = stripCredentials(url.search);
  const cleanPath = url.pathname + cleanSearch;
  if (!login) throw replace(cleanPath);
  const outcome = await sharedQueryLogin(url.href, login);
  const redirectParam = new URLSearchParams(cleanSearch).get('redirect');
  const target = url.pathname === paths.login.path ? (redirectParam ?? paths.list.path) : cleanPath;
  switch (outcome) {
    case 'signed-in':
      throw replace(target);
    case 'invalid':
      throw replace(paths.invalid.path);
    case 'blocked':
      uiStore.openDialog('login_blocked');
      throw replace(paths.login.getHref(target === paths.login.path ? undefined : target));
    case 'failed':
      throw replace(paths.login.getHref(target));
  }
}

export function guard(access: RouteAccess) {
  return async ({ request }: LoaderFunctionArgs): Promise<null> => {
    const url = new URL(request.url);
    await handleQueryLogin(url);
    // The edition and the session are independent: read together.
    const [, account] = await Promise.all([ensureServerState(), ensureSession()]);
    const decision = decideAccess(access, { account, edition: sessionStore.edition });
    if (decision === 'login') {
      throw redirect(paths.login.getHref(redirectTarget(url.pathname, url.search)));
    }
    if (decision === 'deny') {
      const current = url.pathname + url.search;
      throw replace(lastAllowed && lastAllowed !== current ? lastAllowed : paths.login.path);
    }
    return null;
  };
}
