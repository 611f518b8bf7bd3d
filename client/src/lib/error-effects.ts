/** Carries out the error handler's decision (lib/error-handler.ts): dialogs and navigation. */
import { errorAction, type ErrorContext } from './error-handler.ts';
import { paths, redirectTarget } from './paths.ts';
import { currentHashLocation, navigateTo } from './navigation.ts';
import { sessionStore, uiStore } from '../state/index.ts';

function goToLogin(): void {
  const { pathname, search } = currentHashLocation();
  if (pathname === paths.login.path) return;
  // A guest's session ends when its share expires or is deleted: signing in would not help them.
  // A second request refused in the same instant finds the store already empty.
  const guest = sessionStore.isSignedIn ? sessionStore.isGuest : sessionStore.endedAsGuest;
  sessionStore.clear();
  navigateTo(guest ? paths.invalid.path : paths.login.getHref(redirectTarget(pathname, search)));
}

export function handleError(error: unknown, context: ErrorContext = {}): void {
  const action = errorAction(error, context);
  console.error('API call failed', error);
  switch (action.type) {
    case 'error-dialog':
      uiStore.showError({ status: action.status, message: action.message, ...(action.code ? { code: action.code } : {}) });
      break;
    case 'login':
      goToLogin();
      break;
    case 'login-blocked':
      uiStore.openDialog('login_blocked');
      break;
    case 'dicom-connection-limit':
      uiStore.openDialog('dicom_connection');
      break;
    case 'web-connection-limit':
      uiStore.openDialog('web_connection');
      goToLogin();
      break;
  }
}
