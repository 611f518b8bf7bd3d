/**
 * The error catalogue's backstop for values PostgreSQL refuses: a data exception is the client's
 * bad input that validation missed, so it answers 4xx (and is logged), not 500.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { clientErrorOfDatabase, toErrorBody } from './errors.ts';

/** An error as pg raises it for a refused query. */
function databaseError(code: string, message = 'refused'): pg.DatabaseError {
  const error = new pg.DatabaseError(message, 0, 'error');
  error.code = code;
  error.severity = 'ERROR';
  return error;
}

describe('PostgreSQL errors', () => {
  it('answers 400 with the catalogue message for data exceptions (class 22) and limits (class 54)', () => {
    for (const code of ['22021', '22P02', '22008', '22003', '22P05', '54001']) {
      expect(toErrorBody(databaseError(code)), code).toEqual({
        status: 400,
        code: 'bad_request',
        message: 'The request could not be understood by the server due to malformed syntax.',
      });
    }
  });

  it('answers 409 for a duplicate, 404 for a reference to nothing, 400 for other constraints', () => {
    expect(toErrorBody(databaseError('23505')).status).toBe(409);
    expect(toErrorBody(databaseError('23503'))).toMatchObject({ status: 404, code: 'not_found' });
    expect(toErrorBody(databaseError('23514')).status).toBe(400);
  });

  it('keeps real faults and outages as they were', () => {
    expect(toErrorBody(databaseError('42601')).status).toBe(500);
    expect(toErrorBody(databaseError('57P01')).status).toBe(503);
    // pg-pool's own error when no connection frees up in time (the bad-input sweep on a loaded machine).
    expect(toErrorBody(new Error('timeout exceeded when trying to connect'))).toMatchObject({ status: 503, code: 'database_unavailable' });
    expect(clientErrorOfDatabase(new Error('22021'))).toBeUndefined();
    expect(clientErrorOfDatabase(Object.assign(new Error('x'), { code: 'ECONNRESET' }))).toBeUndefined();
  });
});
