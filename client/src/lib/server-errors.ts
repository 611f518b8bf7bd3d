/**
 * What a dialog does with a failed save: 400 answers with per-field messages go next to the
 * fields, other 400, 404 and 409 answers are read out inside the dialog, and everything else
 * (sign-in lost, limits, server down) goes to the app's error handler (spec 1 §8).
 */
import type { IntlShape } from 'react-intl';
import { ERRORS, type ErrorCode } from '@pacs/common';
import { handleError } from './error-effects.ts';
import { isApiError } from './api-error.ts';
import { ERROR_MESSAGES } from './error-messages.ts';

export interface DialogFailure {
  fields: Record<string, string>;
  /** Shown in the dialog's alert; undefined when the fields say it all. */
  message?: string;
}

/** The server's message, translated when it is the catalogue's own text for its code. */
function messageOf(error: { code?: string | undefined; message: string }, intl: Pick<IntlShape, 'formatMessage'>): string {
  const code = error.code && error.code in ERRORS ? (error.code as ErrorCode) : undefined;
  const descriptor = code ? ERROR_MESSAGES[code] : undefined;
  return descriptor && code && ERRORS[code].message === error.message ? intl.formatMessage(descriptor) : error.message;
}

/** Sorts a failure for a dialog whose fields are `formFields`; null when the app handles it instead. */
export function dialogFailure(error: unknown, formFields: readonly string[], intl: Pick<IntlShape, 'formatMessage'>): DialogFailure | null {
  if (!isApiError(error) || error.isNetworkError) return null;
  if (error.status === 400 && error.fields) {
    const fields: Record<string, string> = {};
    const rest: string[] = [];
    for (const [field, message] of Object.entries(error.fields)) {
      if (formFields.includes(field)) fields[field] = message;
      else rest.push(message);
    }
    return rest.length > 0 ? { fields, message: rest.join(' ') } : { fields };
  }
  if (error.status === 400 || error.status === 404 || error.status === 409)
    return { fields: {}, message: messageOf({ code: error.code, message: error.body?.message ?? error.message }, intl) };
  return null;
}

/** dialogFailure, handing what the dialog does not show to the app's error handler. */
export function readDialogFailure(error: unknown, formFields: readonly string[], intl: Pick<IntlShape, 'formatMessage'>): DialogFailure {
  const failure = dialogFailure(error, formFields, intl);
  if (failure) return failure;
  handleError(error);
  return { fields: {} };
}
