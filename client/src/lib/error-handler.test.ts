import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES, ERRORS } from '@pacs/common';
import { ApiError } from './api-error.ts';
import { errorAction } from './error-handler.ts';

function httpError(status: number, code?: keyof typeof ERRORS): ApiError {
  const body = code ? { status, code, message: ERRORS[code].message } : null;
  return new ApiError(status, body, body?.message ?? `HTTP ${status}`);
}

describe('errorAction', () => {
  it.each([400, 404, 409, 500])('opens the error dialog with the status for %i', (status) => {
    const action = errorAction(httpError(status));
    expect(action).toMatchObject({ type: 'error-dialog', status });
  });

  it('uses the catalogue text when the body is missing', () => {
    expect(errorAction(httpError(404))).toMatchObject({ message: ERRORS.not_found.message });
    expect(errorAction(httpError(500))).toMatchObject({ message: ERRORS.internal.message });
  });

  it("shows the server's message for 503", () => {
    const action = errorAction(httpError(503, 'database_unavailable'));
    expect(action).toEqual({
      type: 'error-dialog',
      status: 503,
      message: ERRORS.database_unavailable.message,
      code: 'database_unavailable',
    });
  });

  it('sends 401 to the login screen', () => {
    expect(errorAction(httpError(401, 'not_signed_in'))).toEqual({ type: 'login' });
  });

  it('opens the DICOM connection limit dialog for 403, the login-blocked dialog at login', () => {
    expect(errorAction(httpError(403, 'dicom_connection_limit'))).toEqual({ type: 'dicom-connection-limit' });
    expect(errorAction(httpError(403, 'login_blocked'), { isLogin: true })).toEqual({ type: 'login-blocked' });
  });

  it('shows a plain permission refusal as an error, not as the DICOM connection dialog', () => {
    expect(errorAction(httpError(403, 'forbidden'))).toEqual({
      type: 'error-dialog',
      status: 403,
      message: ERRORS.forbidden.message,
      code: 'forbidden',
    });
    // A 403 without a catalogue code keeps the spec's mapping.
    expect(errorAction(httpError(403))).toEqual({ type: 'dicom-connection-limit' });
  });

  it('treats a CSRF failure that survived the retry as an expired session', () => {
    expect(errorAction(httpError(403, 'csrf_failed'))).toEqual({ type: 'login' });
  });

  it('opens the web connection dialog for 429', () => {
    expect(errorAction(httpError(429, 'web_connection_limit'))).toEqual({ type: 'web-connection-limit' });
  });

  it('reports any other status as unexpected', () => {
    expect(errorAction(httpError(418))).toMatchObject({ type: 'error-dialog', status: 418, message: CLIENT_MESSAGES.unexpected });
  });

  it('reports a network failure', () => {
    expect(errorAction(ApiError.network(new TypeError('fetch failed')))).toMatchObject({
      type: 'error-dialog',
      message: CLIENT_MESSAGES.network_failed,
    });
  });
});
