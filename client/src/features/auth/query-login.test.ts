import { describe, expect, it } from 'vitest';
import { hasCredentials, parseQueryLogin, stripCredentials } from './query-login.ts';

describe('parseQueryLogin', () => {
  it('reads Id and Password', () => {
    expect(parseQueryLogin('?Id=admin&Password=secret', false)).toEqual({
      kind: 'password',
      input: { Id: 'admin', Password: 'secret' },
    });
  });

  it('accepts an empty password so the server can refuse it', () => {
    expect(parseQueryLogin('?Id=admin&Password=', false)).toMatchObject({ kind: 'password' });
  });

  it('reads a token with its state, and a code', () => {
    expect(parseQueryLogin('?Token=t&State=s', false)).toEqual({ kind: 'token', input: { Token: 't', State: 's' } });
    expect(parseQueryLogin('?token=t', false)).toBeNull();
    expect(parseQueryLogin('?code=abc', false)).toEqual({ kind: 'code', answer: { code: 'abc' } });
    // A single sign-on provider's answer: its state (and issuer) go with the code.
    expect(parseQueryLogin('?code=abc&state=s1&iss=https%3A%2F%2Fidp&x=1', false)).toEqual({
      kind: 'code',
      answer: { code: 'abc', state: 's1', iss: 'https://idp' },
    });
  });

  it('uses an access key only when nobody is signed in', () => {
    expect(parseQueryLogin('?AccessKey=k&CSRF=c', false)).toEqual({ kind: 'access-key', input: { AccessKey: 'k', CSRF: 'c' } });
    expect(parseQueryLogin('?access_key=k', false)).toEqual({ kind: 'access-key', input: { AccessKey: 'k' } });
    // The share links' own spelling (spec 3 §2).
    expect(parseQueryLogin('?accesskey=k&studyinstanceuid=1.2', false)).toEqual({ kind: 'access-key', input: { AccessKey: 'k' } });
    expect(parseQueryLogin('?AccessKey=k', true)).toBeNull();
  });

  it('ignores a query without credentials', () => {
    expect(parseQueryLogin('', false)).toBeNull();
    expect(parseQueryLogin('?limit=10', false)).toBeNull();
  });
});

describe('stripCredentials', () => {
  it('removes credentials and keeps the rest', () => {
    expect(stripCredentials('?Id=admin&Password=x&tab=2')).toBe('?tab=2');
    expect(stripCredentials('?Id=admin&Password=x')).toBe('');
    expect(stripCredentials('?AccessKey=k&CSRF=c&code=1&Token=t&State=s')).toBe('');
    expect(stripCredentials('?accesskey=k&studyinstanceuid=1.2')).toBe('?studyinstanceuid=1.2');
  });

  it('tells whether any credential is present', () => {
    expect(hasCredentials('?Password=x')).toBe(true);
    expect(hasCredentials('?limit=1')).toBe(false);
  });
});
