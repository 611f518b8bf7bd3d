import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDay, isShareExpiry, latestShareExpiry, localDay, shareEditProblems, shareTypeOf } from './shares.ts';

const rules = { today: '2026-03-10', expiryRequired: true };
const guest = { Institution: null, Role: null, Account: null };

describe('share expiry days', () => {
  it('adds calendar days across months, years and leap days', () => {
    expect(addDays('2026-03-10', 7)).toBe('2026-03-17');
    expect(addDays('2026-01-25', 14)).toBe('2026-02-08');
    expect(addDays('2026-12-20', 30)).toBe('2027-01-19');
    expect(addDays('2028-02-22', 7)).toBe('2028-02-29');
    expect(addDays('2026-03-10', 0)).toBe('2026-03-10');
  });

  it('reads a Date as its local day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('accepts today and later, refuses the past and days that do not exist', () => {
    expect(isShareExpiry('2026-03-10', '2026-03-10')).toBe(true);
    expect(isShareExpiry('2026-04-01', '2026-03-10')).toBe(true);
    expect(isShareExpiry('2026-03-09', '2026-03-10')).toBe(false);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026/03/10')).toBe(false);
  });
});

describe('shareEditProblems', () => {
  it('passes a guest share with a future expiry', () => {
    expect(shareEditProblems({ ...guest, ExpiresAt: '2026-03-17' }, rules)).toEqual({});
  });

  it('bounds the expiry at 12 months from today, clamped to the end of a shorter month', () => {
    expect(latestShareExpiry('2026-03-10')).toBe('2027-03-10');
    expect(latestShareExpiry('2027-02-28')).toBe('2028-02-28');
    expect(latestShareExpiry('2028-02-29')).toBe('2029-02-28');
    expect(shareEditProblems({ ...guest, ExpiresAt: '2027-03-10' }, rules)).toEqual({});
    expect(shareEditProblems({ ...guest, ExpiresAt: '2027-03-11' }, rules)).toEqual({ ExpiresAt: 'too_far' });
    expect(shareEditProblems({ ...guest, ExpiresAt: '9999-12-31' }, rules)).toEqual({ ExpiresAt: 'too_far' });
    expect(isShareExpiry('9999-12-31', '2026-03-10')).toBe(false);
  });

  it('refuses a missing, malformed or past expiry', () => {
    expect(shareEditProblems({ ...guest }, rules)).toEqual({ ExpiresAt: 'required' });
    expect(shareEditProblems({ ...guest }, { ...rules, expiryRequired: false })).toEqual({});
    expect(shareEditProblems({ ...guest, ExpiresAt: '2026-02-30' }, rules)).toEqual({ ExpiresAt: 'invalid' });
    expect(shareEditProblems({ ...guest, ExpiresAt: '2026-03-09' }, rules)).toEqual({ ExpiresAt: 'past' });
  });

  it('needs an institution for a role and a role for an account', () => {
    const day = { ExpiresAt: '2026-03-20' };
    expect(shareEditProblems({ Institution: 0, Role: null, Account: null, ...day }, rules)).toEqual({ Institution: 'invalid' });
    expect(shareEditProblems({ Institution: null, Role: 3, Account: null, ...day }, rules)).toEqual({ Institution: 'required' });
    expect(shareEditProblems({ Institution: 2, Role: null, Account: 'u1', ...day }, rules)).toEqual({ Role: 'required' });
    expect(shareEditProblems({ Institution: 2, Role: 3, Account: 'dr-who', ...day }, rules)).toEqual({ Account: 'invalid' });
    expect(shareEditProblems({ Institution: 2, Role: 3, Account: 'dr@example.org', ...day }, rules)).toEqual({});
  });

  it('takes modalities of 2 to 8 letters only', () => {
    const base = { ...guest, ExpiresAt: '2026-03-20' };
    expect(shareEditProblems({ ...base, Modality: ['CT', 'mr', 'ABCDEFGH'] }, rules)).toEqual({});
    for (const bad of ['C', 'C1', 'ABCDEFGHI', 'C T'])
      expect(shareEditProblems({ ...base, Modality: [bad] }, rules), bad).toEqual({ Modality: 'invalid' });
  });

  it('derives the share type from the deepest target', () => {
    expect(shareTypeOf(guest)).toBe('guest');
    expect(shareTypeOf({ Institution: 2, Role: null, Account: null })).toBe('institution');
    expect(shareTypeOf({ Institution: 2, Role: 3, Account: null })).toBe('role');
    expect(shareTypeOf({ Institution: 2, Role: 3, Account: 'u1' })).toBe('account');
  });
});
