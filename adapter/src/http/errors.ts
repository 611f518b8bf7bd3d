/**
 * One way to fail: throw an AppError with a catalogue code. The error middleware turns it, and
 * anything else that escapes a handler, into the catalogue body; unknown errors become 500 with
 * the stack logged on the server only.
 */
import type { ErrorRequestHandler } from 'express';
import { ERRORS, type ErrorBody, type ErrorCode } from '@pacs/common';
import { log } from '../log.ts';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly fields?: Record<string, string>,
    message?: string,
  ) {
    super(message ?? ERRORS[code].message);
  }
  get status(): number {
    return ERRORS[this.code].status;
  }
}

/** Raised by the Orthanc client when Orthanc does not answer. */
export class OrthancUnavailableError extends AppError {
  constructor(override readonly cause: unknown) {
    super('orthanc_unavailable');
  }
}

/** Connection-level failures of PostgreSQL (as opposed to a bad query). */
const PG_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && PG_UNAVAILABLE_CODES.has(code)) return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && /Connection terminated|connection timeout|Client has encountered a connection error/i.test(message);
}

export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof AppError) {
    return { status: error.status, code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
  }
  if (isDatabaseUnavailable(error)) return body('database_unavailable');
  // body-parser and friends mark client errors with a status and `expose`.
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 413) return { ...body('bad_request'), status: 413 };
    return body('bad_request');
  }
  return body('internal');
}

function body(code: ErrorCode): ErrorBody {
  return { status: ERRORS[code].status, code, message: ERRORS[code].message };
}

export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const answer = toErrorBody(error);
  const line = `${req.method} ${req.originalUrl} → ${answer.status} ${answer.code}`;
  // An unreachable service is an outage to report in one line, not a bug with a stack.
  if (answer.status === 503)
    log.warn(`${line}: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`);
  else if (answer.status >= 500) log.error(line, error);
  res.status(answer.status).json(answer);
};
