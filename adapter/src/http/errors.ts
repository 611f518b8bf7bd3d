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
  // "timeout exceeded when trying to connect": pg-pool found no free connection in time (every
  // one busy on an overloaded machine), an outage for this request, not a fault of the server.
  return (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    )
  );
}

/** The SQLSTATE of an error PostgreSQL answered (pg's DatabaseError), else undefined. */
function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('severity' in error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * What a query refused because of the values it was given, not because of the server: class 22
 * (data exception: invalid byte sequence 22021, bad text representation 22P02, datetime out of
 * range 22008, numeric out of range 22003, unsupported \u0000 in jsonb 22P05), class 54 (a value
 * too deep or too large for PostgreSQL) and the integrity constraints of class 23. Input
 * validation should have answered first; this backstop keeps such a gap a 4xx, and the error
 * handler logs it so that the gap is found and closed.
 */
export function clientErrorOfDatabase(error: unknown): ErrorCode | undefined {
  const state = sqlState(error);
  if (state === undefined) return undefined;
  if (state === '23505') return 'already_exists';
  // A foreign key names something that does not exist.
  if (state === '23503') return 'not_found';
  if (state.startsWith('22') || state.startsWith('23') || state.startsWith('54')) return 'bad_request';
  return undefined;
}

export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof AppError) {
    return { status: error.status, code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
  }
  if (isDatabaseUnavailable(error)) return body('database_unavailable');
  const refused = clientErrorOfDatabase(error);
  if (refused) return body(refused);
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
  else if (clientErrorOfDatabase(error))
    log.warn(`${line}: PostgreSQL refused a value (${sqlState(error)} ${(error as Error).message}); input validation missed it`);
  res.status(answer.status).json(answer);
};
