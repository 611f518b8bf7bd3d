/**
 * What the app does with a failed API call (spec 1 §8). Pure: it maps an error to an action; the
 * shell carries the action out (dialogs, navigation).
 */
import { CLIENT_MESSAGES, messageForStatus } from '@pacs/common';
import { isApiError } from './api-error.ts';

export type ErrorAction =
  | { type: 'error-dialog'; status: number; message: string; code?: string }
  | { type: 'login' }
  | { type: 'login-blocked' }
  | { type: 'dicom-connection-limit' }
  | { type: 'web-connection-limit' };

export interface ErrorContext {
  /** The failed call was the sign-in itself: a 403 means the account is locked. */
  isLogin?: boolean;
}

export function errorAction(error: unknown, context: ErrorContext = {}): ErrorAction {
  if (!isApiError(error)) {
    return { type: 'error-dialog', status: 0, message: CLIENT_MESSAGES.unexpected };
  }
  if (error.isNetworkError) {
    return { type: 'error-dialog', status: 0, message: CLIENT_MESSAGES.network_failed, code: 'network_failed' };
  }
  const withCode = error.code ? { code: error.code } : {};
  switch (error.status) {
    case 400:
    case 404:
    case 409:
    case 500:
    case 503:
      return { type: 'error-dialog', status: error.status, message: error.body?.message ?? messageForStatus(error.status), ...withCode };
    case 401:
      return { type: 'login' };
    case 403:
      if (context.isLogin) return { type: 'login-blocked' };
      // A CSRF failure that survived the client's one refresh-and-retry: the session is gone.
      if (error.code === 'csrf_failed') return { type: 'login' };
      // The server says which 403 it is: a plain permission refusal is an error to read, not a
      // DICOM connection problem. The spec's dialog is for the connection limit (and any 403
      // without a code, as the spec maps it).
      if (error.code === 'forbidden') {
        return { type: 'error-dialog', status: 403, message: error.body?.message ?? CLIENT_MESSAGES.unexpected, code: 'forbidden' };
      }
      return { type: 'dicom-connection-limit' };
    case 429:
      return { type: 'web-connection-limit' };
    default:
      return { type: 'error-dialog', status: error.status, message: CLIENT_MESSAGES.unexpected, code: 'unexpected' };
  }
}
