import { describe, expect, it } from 'vitest';
import { isHostName, isStudySubject, parseAuditExport, parseAuditQuery } from './audit.ts';
import { serverNameProblem } from './server.ts';
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

describe('parseAuditExport', () => {
  it('reads a collector and its defaults', () => {
    expect(parseAuditExport({ Enabled: 'true', Host: 'siem.hospital.example', Port: '6514' })).toEqual({
      settings: { Enabled: true, Host: 'siem.hospital.example', Port: 6514, Transport: 'tls', CACertificate: '' },
      problems: {},
    });
    expect(parseAuditExport({ Enabled: 'false' }).problems).toEqual({});
    expect(parseAuditExport({ Enabled: 'true' }).problems).toEqual({ Host: MESSAGES.required, Port: MESSAGES.required });
  });

  it('refuses hosts, ports, transports and certificates that are not', () => {
    expect(parseAuditExport({ Host: 'a b', Port: '0', Transport: 'udp', CACertificate: 'x' }).problems).toEqual({
      Host: MESSAGES.invalid,
      Port: MESSAGES.invalid,
      Transport: MESSAGES.invalid,
      CACertificate: MESSAGES.invalid,
    });
    expect(parseAuditExport({ Host: ['x'] }).problems).toEqual({ Host: MESSAGES.invalid });
  });

  it('knows a host name from an address', () => {
    for (const host of ['localhost', '10.0.0.1', 'siem-1.example.org', '::1', 'fe80::1']) expect(isHostName(host), host).toBe(true);
    for (const host of ['', '-a', 'a..b', '999.1.1.1', 'a_b', 'x'.repeat(254)]) expect(isHostName(host), host).toBe(false);
  });
});

describe('serverNameProblem', () => {
  it('wants a printable name of at most 64 characters without outer spaces', () => {
    expect(serverNameProblem('Radiology archive')).toBeNull();
    expect(serverNameProblem('')).toBe(MESSAGES.required);
    expect(serverNameProblem(' a')).toBe(MESSAGES.invalid);
    expect(serverNameProblem('a\tb')).toBe(MESSAGES.invalid);
    expect(serverNameProblem('x'.repeat(65))).toBe(MESSAGES.max_length(64));
    expect(serverNameProblem(7)).toBe(MESSAGES.required);
  });
});
