/**
 * Translations of the error catalogue (spec 1 §8), keyed by error code. Typed by the catalogue's
 * codes: a code added to common/src/errors.ts without a message here does not compile.
 */
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { ErrorCode } from '@pacs/common';

/** Codes the client raises itself (no HTTP answer behind them). */
type ClientErrorCode = 'network_failed' | 'unexpected';

const MESSAGES: Record<ErrorCode | ClientErrorCode, MessageDescriptor> = defineMessages({
  bad_request: { id: 'errors.bad_request' },
  validation_failed: { id: 'errors.validation_failed' },
  authentication_failed: { id: 'errors.authentication_failed' },
  not_signed_in: { id: 'errors.not_signed_in' },
  csrf_failed: { id: 'errors.csrf_failed' },
  login_blocked: { id: 'errors.login_blocked' },
  forbidden: { id: 'errors.forbidden' },
  dicom_connection_limit: { id: 'errors.dicom_connection_limit' },
  auto_delete_not_available: { id: 'errors.auto_delete_not_available' },
  not_found: { id: 'errors.not_found' },
  conflict: { id: 'errors.conflict' },
  already_exists: { id: 'errors.already_exists' },
  not_last_master: { id: 'errors.not_last_master' },
  payload_too_large: { id: 'errors.payload_too_large' },
  study_limit: { id: 'errors.study_limit' },
  licence_refused: { id: 'errors.licence_refused' },
  monthly_share_limit: { id: 'errors.monthly_share_limit' },
  web_connection_limit: { id: 'errors.web_connection_limit' },
  sign_in_throttled: { id: 'errors.sign_in_throttled' },
  internal: { id: 'errors.internal' },
  orthanc_unavailable: { id: 'errors.orthanc_unavailable' },
  database_unavailable: { id: 'errors.database_unavailable' },
  network_failed: { id: 'errors.network_failed' },
  unexpected: { id: 'errors.unexpected' },
});

/** Looked up by a code read off the wire: any string, answered only for the catalogue's own keys. */
export const ERROR_MESSAGES: Readonly<Record<string, MessageDescriptor | undefined>> = MESSAGES;
