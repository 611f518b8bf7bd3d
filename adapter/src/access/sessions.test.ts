/** Reading the session cookie: a value that cannot be decoded is refused as bad input, not a 500. */
import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { AppError, toErrorBody } from '../http/errors.ts';
import { readCookie, SESSION_COOKIE } from './sessions.ts';

const withCookie = (cookie: string | undefined) => ({ headers: { cookie } }) as unknown as Request;

describe('readCookie', () => {
  it('finds the named cookie among others and decodes it', () => {
    expect(readCookie(withCookie(`other=1; ${SESSION_COOKIE}=abc%2Bdef; x=y`), SESSION_COOKIE)).toBe('abc+def');
    expect(readCookie(withCookie('other=1'), SESSION_COOKIE)).toBeUndefined();
    expect(readCookie(withCookie(undefined), SESSION_COOKIE)).toBeUndefined();
  });

  it("answers 400 for a bad %-escape in our cookie, and ignores one in another site's cookie", () => {
    for (const value of ['%E0%A4%A', '%', 'abc%ZZ']) {
      let thrown: unknown;
      try {
        readCookie(withCookie(`${SESSION_COOKIE}=${value}`), SESSION_COOKIE);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, value).toBeInstanceOf(AppError);
      expect(toErrorBody(thrown)).toMatchObject({ status: 400, code: 'bad_request' });
    }
    expect(readCookie(withCookie(`theirs=%E0%A4%A; ${SESSION_COOKIE}=ok`), SESSION_COOKIE)).toBe('ok');
  });
});
