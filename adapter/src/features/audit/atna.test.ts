import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import type { Db } from '../../db/pool.ts';
import type { ChainRecord } from './audit-chain.ts';
import { auditMessageXml, frame, syslogMessage } from './atna.ts';
import { MAX_QUEUE, SyslogSender } from './syslog-sender.ts';

const record = (overrides: Partial<ChainRecord> = {}): ChainRecord => ({
  id: 7,
  at: new Date('2026-11-26T08:00:00.123Z'),
  accountId: 'reader',
  share: null,
  ip: '10.0.0.5',
  action: 'study_view',
  outcome: 'success',
  studyInstanceUid: '1.2.840.1',
  patientId: 'P-1',
  patientName: 'Doe^Jane',
  details: {},
  ...overrides,
});

const source = { host: 'pacs-host', application: 'pacs' };

describe('DICOM audit message', () => {
  it('names the event, the user, the study and the patient', () => {
    const xml = auditMessageXml(record(), source);
    expect(xml).toContain('<EventIdentification EventActionCode="R" EventDateTime="2026-11-26T08:00:00.123Z" EventOutcomeIndicator="0">');
    expect(xml).toContain('<EventID csd-code="110103" codeSystemName="DCM" originalText="DICOM Instances Accessed"/>');
    expect(xml).toContain(
      '<ActiveParticipant UserID="reader" UserIsRequestor="true" NetworkAccessPointID="10.0.0.5" NetworkAccessPointTypeCode="2"/>',
    );
    expect(xml).toContain('ParticipantObjectID="1.2.840.1" ParticipantObjectTypeCode="2" ParticipantObjectTypeCodeRole="3"');
    expect(xml).toContain('<ParticipantObjectName>Doe^Jane</ParticipantObjectName>');
  });

  it('keeps a record with line breaks in peer text (a patient name, a user agent) one line and one frame', () => {
    const forged = 'Doe^Jane\r\n<14>1 2026-11-26T08:00:00Z forged pacs - - - \ufefflie';
    const message = syslogMessage(record({ patientName: forged, details: { UserAgent: 'x\ny' } }), source, '42');
    expect(message).not.toMatch(/[\r\n]/);
    expect(message).toContain('<ParticipantObjectName>Doe^Jane&#13;&#10;&lt;14&gt;1 2026-11-26T08:00:00Z forged');
    const framed = frame(message);
    expect(framed.toString('utf8')).toBe(`${Buffer.byteLength(message)} ${message}`);
  });

  it('escapes what a user typed and drops what XML cannot hold', () => {
    const xml = auditMessageXml(record({ accountId: 'a"<b>&\u0001', patientName: "O'Neil <x>" }), source);
    expect(xml).toContain('UserID="a&quot;&lt;b&gt;&amp;\ufffd"');
    expect(xml).toContain('<ParticipantObjectName>O&apos;Neil &lt;x&gt;</ParticipantObjectName>');
  });

  it('names a share guest by the share, and a failure as a minor failure', () => {
    const xml = auditMessageXml(record({ accountId: null, share: 'study-3', outcome: 'failure' }), source);
    expect(xml).toContain('UserID="guest" AlternativeUserID="share:study-3"');
    expect(xml).toContain('EventOutcomeIndicator="4"');
  });
});

describe('RFC 5424 message and framing', () => {
  it('has the ATNA header: authpriv notice (warning for failures), version 1, MSGID, no structured data, a BOM', () => {
    expect(syslogMessage(record(), source, '42')).toMatch(
      /^<85>1 2026-11-26T08:00:00\.123Z pacs-host pacs 42 IHE\+RFC-3881 - \ufeff<\?xml /,
    );
    expect(syslogMessage(record({ outcome: 'failure' }), source, '42')).toMatch(/^<84>1 /);
    expect(syslogMessage(record(), { host: 'has space', application: '' }, '1')).toMatch(/^<85>1 \S+ hasspace - 1 /);
  });

  it('counts octets, not characters', () => {
    const framed = frame('é\ufeff');
    expect(framed.toString('utf8')).toBe('5 é\ufeff');
  });
});

describe('syslog sender queue', () => {
  it('keeps at most MAX_QUEUE messages for a dead collector and counts the dropped ones', async () => {
    // A port that refuses: bind one, close it, and use it.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise((resolve) => server.close(resolve));
    const sender = new SyslogSender({} as Db);
    sender.configure({ Enabled: true, Host: '127.0.0.1', Port: port, Transport: 'tcp', CACertificate: '' });
    for (let i = 0; i < MAX_QUEUE + 5; i++) sender.send([record({ id: i + 1 })]);
    expect(sender.state()).toMatchObject({ Queued: MAX_QUEUE, Dropped: 5, Connected: false });
    await sender.close(0);
  });
});
