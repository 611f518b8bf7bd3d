import { describe, expect, it } from 'vitest';
import { isStudySubject, parseAuditQuery } from './audit.ts';
import { MESSAGES } from './validation.ts';

describe('parseAuditQuery', () => {
  it('reads every filter and the page', () => {
    const { query, problems } = parseAuditQuery({
      From: '2026-01-01',
      To: '2026-01-31',
      Account: 'admin',
      Action: 'study_view',
      Subject: '1.2.840.1',
      IPAddress: '127.0.',
      Limit: '20',
      Offset: '40',
    });
    expect(problems).toEqual({});
    expect(query).toEqual({
      From: '2026-01-01',
      To: '2026-01-31',
      Account: 'admin',
      Action: 'study_view',
      Subject: '1.2.840.1',
      IPAddress: '127.0.',
      Limit: 20,
      Offset: 40,
    });
  });

  it('refuses bad fields with the catalogue messages', () => {
    const { problems } = parseAuditQuery({
      From: '2026-02-30',
      Action: 'drop_table',
      IPAddress: "1' or 1=1",
      Limit: '501',
      Offset: '-1',
      Account: ['a', 'b'],
      Subject: 'x'.repeat(129),
    });
    expect(problems).toEqual({
      From: MESSAGES.invalid,
      Action: MESSAGES.invalid,
      IPAddress: MESSAGES.invalid,
      Limit: MESSAGES.invalid,
      Offset: MESSAGES.invalid,
      Account: MESSAGES.invalid,
      Subject: MESSAGES.max_length(128),
    });
    expect(parseAuditQuery({ From: '2026-02-02', To: '2026-02-01' }).problems).toEqual({ To: MESSAGES.audit_range });
  });

  it('tells a study UID from a patient id', () => {
    expect(isStudySubject('1.2.3')).toBe(true);
    expect(isStudySubject('12345')).toBe(false);
    expect(isStudySubject('Doe')).toBe(false);
  });
});
