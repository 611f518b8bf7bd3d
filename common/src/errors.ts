/**
 * The error catalogue (spec 1 §8). Every error the adapter answers carries one of these codes,
 * the status the spec gives it and the English message; the client translates by code and falls
 * back to the message. Nothing else (no stack, no SQL, no Orthanc text) ever reaches the browser.
 */
export const ERRORS = {
  bad_request: { status: 400, message: 'The request could not be understood by the server due to malformed syntax.' },
  validation_failed: { status: 400, message: 'The field is not a valid value' },
  authentication_failed: { status: 401, message: 'Failed to login' },
  not_signed_in: { status: 401, message: 'Authentication is required.' },
  csrf_failed: { status: 403, message: 'The request was refused because its security token is missing or wrong.' },
  login_blocked: { status: 403, message: 'Login is blocked after too many failed attempts. Try again later.' },
  forbidden: { status: 403, message: 'You do not have permission to do this.' },
  dicom_connection_limit: { status: 403, message: 'You have already reached the maximum number of DICOM Connections.' },
  auto_delete_not_available: { status: 403, message: 'Auto-delete is not available for this plan.' },
  not_found: { status: 404, message: 'The requested resource cannot be found.' },
  conflict: { status: 409, message: 'The request cannot be completed because it conflicts with the current resource.' },
  already_exists: { status: 409, message: 'An item with the entered value already exists' },
  not_last_master: { status: 409, message: '"Master" must always have at least one Account' },
  payload_too_large: { status: 413, message: 'Processing was aborted because the DICOM file to be created exceeds the default file size.' },
  study_limit: { status: 403, message: 'You have reached the maximum number of Studies.' },
  licence_refused: { status: 400, message: 'The licence file could not be verified.' },
  monthly_share_limit: { status: 409, message: 'You have already reached the maximum number of Monthly Shares.' },
  web_connection_limit: { status: 429, message: 'You have exceeded the maximum number of Web Connections.' },
  sign_in_throttled: { status: 429, message: 'Too many failed sign-ins from this address. Wait a moment and try again.' },
  internal: { status: 500, message: 'Internal Server Error has occurred.' },
  orthanc_unavailable: { status: 503, message: 'The DICOM archive (Orthanc) cannot be reached. Please try again shortly.' },
  database_unavailable: { status: 503, message: 'The database cannot be reached. Please try again shortly.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Body of every error answer from `/viewer/api`. */
export interface ErrorBody {
  status: number;
  code: ErrorCode;
  message: string;
  /** Per-field messages for validation failures: field name → message. */
  fields?: Record<string, string>;
}

/** Client-side messages that have no HTTP status of their own (spec 1 §8). */
export const CLIENT_MESSAGES = {
  unexpected: 'Unexpected error has occurred.',
  network_failed: 'Network connection failed',
  login_failed: 'Failed to login',
  connect_failed: 'Failed to connect',
  echo_failed: 'DICOM Echo failed',
  lost_connection: 'Lost connection to the server.',
  unsupported_environment: 'Your environment is not supported.',
  windows_only: 'This feature is only available on Windows devices.',
  max_studies: 'You have reached the maximum number of Studies.',
  max_monthly_shares: 'You have already reached the maximum number of Monthly Shares.',
  card_expired: 'This credit card has expired.',
  link_expired: 'The link has expired or the URL is incorrect.',
} as const;

/** Message for an HTTP status that the client got without a catalogue body (proxies, crashes). */
export function messageForStatus(status: number): string {
  switch (status) {
    case 400:
      return ERRORS.bad_request.message;
    case 404:
      return ERRORS.not_found.message;
    case 409:
      return ERRORS.conflict.message;
    case 500:
      return ERRORS.internal.message;
    case 503:
      return ERRORS.orthanc_unavailable.message;
    default:
      return CLIENT_MESSAGES.unexpected;
  }
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).status === 'number' &&
    typeof (value as ErrorBody).code === 'string' &&
    typeof (value as ErrorBody).message === 'string'
  );
}
