/**
 * The audit log's export to a syslog collector (issue 19): against Debian's rsyslogd (a real
 * collector that parses what it gets), an audited action arrives as an RFC 5424 message, octet-
 * framed, whose MSG is a well-formed DICOM audit message naming the account, its address and the
 * event; over TLS too, with the collector's certificate as the trusted authority and refused
 * without it. A dead collector neither fails nor holds up the action: the record is in
 * PostgreSQL, the message waits, and reaches the collector once it is back. Every message follows
 * the DICOM audit message's structure (PS3.15 A.5, checked by harness/atna-structure.ts).
 */
import { hostname } from 'node:os';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction, AuditExport } from '@pacs/common';
import { ATNA_EVENTS, auditMessageXml } from '../../adapter/src/features/audit/atna.ts';
import type { ChainRecord } from '../../adapter/src/features/audit/audit-chain.ts';
import { auditMessageProblems } from '../harness/atna-structure.ts';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, login, anonymous, signIn, type Session } from '../harness/api.ts';
import { startCollector, type Collector, type ReceivedMessage } from '../harness/rsyslog.ts';
import { freePort } from '../../scripts/services/process.ts';

let stack: Stack;
let admin: Session;
const collectors: Collector[] = [];

beforeAll(async () => {
  stack = await startStack();
  admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
}, 120_000);

afterAll(async () => {
  await Promise.all(collectors.map((each) => each.stop()));
  await stack?.stop();
});

async function collector(transport: 'tcp' | 'tls', port?: number): Promise<Collector> {
  const started = await startCollector(transport, port);
  collectors.push(started);
  return started;
}

function setExport(form: Record<string, string>) {
  return admin.agent.patch(`${API}/eventexport/update`).set(admin.csrf).type('form').send(form);
}

async function exportState(): Promise<AuditExport> {
  return (await admin.agent.get(`${API}/eventexport/find`).expect(200)).body as AuditExport;
}

/** The DICOM audit message in a received MSG, parsed by a strict XML parser (throws if malformed). */
function auditMessage(message: ReceivedMessage): JSDOM['window']['document'] {
  const xml = message.msg.replace(/^\ufeff/, '');
  return new JSDOM(xml, { contentType: 'application/xml' }).window.document;
}

const signInsOf = (id: string) => (messages: ReceivedMessage[]) =>
  messages.filter((each) => {
    const doc = auditMessage(each);
    return (
      doc.querySelector('EventTypeCode')?.getAttribute('csd-code') === '110122' &&
      doc.querySelector('ActiveParticipant')?.getAttribute('UserID') === id
    );
  });

describe('audit export settings', () => {
  it('refuses bad fields with the catalogue messages', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ Enabled: 'true', Port: '514', Transport: 'tcp' }, 'Host', 'The field is required'],
      [{ Enabled: 'true', Host: 'bad host!', Port: '514', Transport: 'tcp' }, 'Host', 'The field is not a valid value'],
      [{ Enabled: 'true', Host: 'collector', Port: '70000', Transport: 'tcp' }, 'Port', 'The field is not a valid value'],
      [{ Enabled: 'true', Host: 'collector', Port: '514', Transport: 'udp' }, 'Transport', 'The field is not a valid value'],
      [{ Enabled: 'yes', Host: 'collector', Port: '514' }, 'Enabled', 'The field is not a valid value'],
      [
        { Enabled: 'true', Host: 'collector', Port: '6514', CACertificate: 'not a certificate' },
        'CACertificate',
        'The field is not a valid value',
      ],
    ];
    for (const [form, field, message] of cases) {
      const response = await setExport(form);
      expect(response.status, JSON.stringify(form)).toBe(400);
      expect(response.body.fields).toEqual({ [field]: message });
    }
    expect(await exportState()).toMatchObject({ Enabled: false, Host: '' });
  });
});

describe('audit export to rsyslog', () => {
  it('sends an audited action over TCP as an RFC 5424 message holding a DICOM audit message', async () => {
    const rsyslog = await collector('tcp');
    await setExport({ Enabled: 'true', Host: '127.0.0.1', Port: String(rsyslog.port), Transport: 'tcp' }).expect(200);
    await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
    const failed = await login(anonymous(stack.baseUrl), stack.adminId, 'wrong-password');
    expect(failed.status).toBe(401);

    const messages = await rsyslog.waitFor((all) => signInsOf(stack.adminId)(all).length >= 2);
    for (const each of messages) expect(auditMessageProblems(auditMessage(each)), each.msg).toEqual([]);
    const parsed = signInsOf(stack.adminId)(messages).map((each) => ({ each, doc: auditMessage(each) }));
    const outcome = (entry: (typeof parsed)[number]) =>
      entry.doc.querySelector('EventIdentification')!.getAttribute('EventOutcomeIndicator');
    const ok = parsed.find((entry) => outcome(entry) === '0');
    const refused = parsed.find((entry) => outcome(entry) === '4');
    // rsyslog read the RFC 5424 header: version 1, facility 10 (authpriv) with notice, or warning for the failure.
    expect(ok!.each).toMatchObject({ version: '1', pri: '85', app: 'pacs', msgid: 'IHE+RFC-3881', sd: '-', hostname: hostname() });
    expect(Number.isNaN(Date.parse(ok!.each.timestamp))).toBe(false);
    expect(refused!.each.pri).toBe('84');
    const event = ok!.doc.querySelector('AuditMessage > EventIdentification')!;
    expect(event.getAttribute('EventActionCode')).toBe('E');
    expect(event.getAttribute('EventOutcomeIndicator')).toBe('0');
    expect(event.querySelector('EventID')!.getAttribute('csd-code')).toBe('110114');
    const [user, application] = [...ok!.doc.querySelectorAll('ActiveParticipant')];
    expect(user!.getAttribute('UserIsRequestor')).toBe('true');
    expect(user!.getAttribute('NetworkAccessPointID')).toBe('127.0.0.1');
    expect(application!.querySelector('RoleIDCode')!.getAttribute('csd-code')).toBe('110150');
    expect(ok!.doc.querySelector('AuditSourceIdentification')!.getAttribute('AuditSourceID')).toBe(hostname());

    // The settings change itself was audited, and exported: it followed the export's start.
    expect(messages.some((each) => auditMessage(each).querySelector('EventTypeCode')?.getAttribute('csd-code') === '110129')).toBe(true);
    const state = (await exportState()).State;
    expect(state).toMatchObject({ Connected: true, Queued: 0, Dropped: 0, LastError: '' });
    expect(state.Sent).toBeGreaterThanOrEqual(3);
  });

  it('sends over TLS when the collector is trusted, and refuses a collector it cannot verify', async () => {
    const rsyslog = await collector('tls');
    await setExport({ Enabled: 'true', Host: 'localhost', Port: String(rsyslog.port), Transport: 'tls' }).expect(200);
    await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
    await expect.poll(async () => (await exportState()).State.LastError, { timeout: 10_000 }).toMatch(/certificate/i);
    expect(rsyslog.received()).toEqual([]);

    await setExport({
      Enabled: 'true',
      Host: 'localhost',
      Port: String(rsyslog.port),
      Transport: 'tls',
      CACertificate: rsyslog.certificate,
    }).expect(200);
    await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    const messages = await rsyslog.waitFor((all) => signInsOf(stack.adminId)(all).length >= 1);
    expect(messages[0]).toMatchObject({ version: '1', msgid: 'IHE+RFC-3881' });
    expect((await exportState()).CACertificate).toBe(rsyslog.certificate.trim());
  });

  it('keeps the action working while the collector is dead, and delivers once it is back', async () => {
    const port = await freePort();
    await setExport({ Enabled: 'true', Host: '127.0.0.1', Port: String(port), Transport: 'tcp' }).expect(200);
    await stack.adapter!.deps.audit.flush();
    const before = Number((await stack.sql<{ n: string }>(`select count(*) as n from audit_events where action = 'sign_in'`))[0]!.n);
    for (let i = 0; i < 5; i++) await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
    await stack.adapter!.deps.audit.flush();
    const after = Number((await stack.sql<{ n: string }>(`select count(*) as n from audit_events where action = 'sign_in'`))[0]!.n);
    expect(after - before).toBe(5);
    const state = (await exportState()).State;
    expect(state.Connected).toBe(false);
    expect(state.Queued).toBeGreaterThanOrEqual(5);
    expect(state.LastError).toMatch(/ECONNREFUSED/);

    // The collector comes up on that port: the retry delivers what waited.
    const rsyslog = await collector('tcp', port);
    await rsyslog.waitFor((all) => signInsOf(stack.adminId)(all).length >= 5, 30_000);
    expect((await exportState()).State).toMatchObject({ Connected: true, Queued: 0, Dropped: 0 });
  }, 60_000);

  it('stops sending when turned off', async () => {
    await setExport({ Enabled: 'false' }).expect(200);
    expect((await exportState()).State).toMatchObject({ Connected: false, Queued: 0 });
  });
});

describe('the DICOM audit message structure (PS3.15 A.5)', () => {
  const parse = (xml: string) => new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  const record = (action: AuditAction, overrides: Partial<ChainRecord> = {}): ChainRecord => ({
    id: 1,
    at: new Date('2026-11-26T08:00:00.123Z'),
    accountId: 'reader',
    share: null,
    ip: '10.0.0.5',
    action,
    outcome: 'success',
    studyInstanceUid: '1.2.840.1',
    patientId: 'P-1',
    patientName: 'Yamada^Tarou=山田^太郎',
    details: {},
    ...overrides,
  });
  const source = { host: 'pacs-host', application: 'pacs' };

  it('holds for every audited action, with and without a study, for a guest and for a failure', () => {
    for (const action of Object.keys(ATNA_EVENTS) as AuditAction[]) {
      const variants: Partial<ChainRecord>[] = [
        {},
        { studyInstanceUid: null, patientId: null, patientName: null, ip: '' },
        { accountId: null, share: 's-1', outcome: 'failure' },
      ];
      for (const overrides of variants) {
        const xml = auditMessageXml(record(action, overrides), source);
        expect(auditMessageProblems(parse(xml)), `${action} ${JSON.stringify(overrides)}`).toEqual([]);
      }
    }
  });

  it('names what a broken message lacks or misplaces', () => {
    const good = auditMessageXml(record('sign_in'), source);
    const problems = (xml: string) => auditMessageProblems(parse(xml));
    expect(problems(good.replace(/<EventID [^>]*\/>/, ''))).toContain(
      'AuditMessage/EventIdentification/EventID: at least 1 expected, 0 found',
    );
    expect(problems(good.replace('EventOutcomeIndicator="0"', 'EventOutcomeIndicator="1"'))).toEqual([
      "AuditMessage/EventIdentification@EventOutcomeIndicator: '1' is not an allowed value",
    ]);
    expect(problems(good.replace(/<EventTypeCode [^>]*\/>/, ''))).toEqual([
      'AuditMessage/EventIdentification: event 110114 needs an EventTypeCode',
    ]);
    expect(problems(good.replace(' NetworkAccessPointTypeCode="2"', ''))).toEqual([
      'AuditMessage/ActiveParticipant[1]: NetworkAccessPointID and NetworkAccessPointTypeCode go together',
    ]);
    expect(problems(good.replace('UserIsRequestor="true"', 'UserIsRequestor="false"'))).toEqual([
      'AuditMessage/ActiveParticipant: none is the requestor',
    ]);
    expect(problems(good.replace('<AuditSourceIdentification', '<Extra/><AuditSourceIdentification'))).toContain(
      'AuditMessage/Extra: not an element of AuditMessage',
    );
    // AuditSourceIdentification before the participants: out of the schema's order.
    const moved = good.replace(
      /(<ActiveParticipant .*<\/ActiveParticipant>)(<AuditSourceIdentification.*<\/AuditSourceIdentification>)/,
      '$2$1',
    );
    expect(problems(moved).some((problem) => problem.includes('out of order'))).toBe(true);
    expect(problems('<?xml version="1.0"?><Audit/>')).toEqual(['root: AuditMessage expected, Audit found']);
  });
});
