/**
 * One audit record as a DICOM audit message (PS3.15 A.5, the schema IHE ATNA uses) inside an
 * RFC 5424 syslog message, framed by octet counting (RFC 6587 §3.4.1) for TCP and TLS (RFC 5425).
 * Pure functions: the sender (syslog-sender.ts) only moves the bytes.
 *
 * Syslog header: PRI is facility 10 (security/authorization) with severity 5 (notice), or 4
 * (warning) for a failure, as IHE ATNA asks; MSGID is ATNA's `IHE+RFC-3881`; no structured data;
 * MSG is the XML after a UTF-8 byte-order mark (RFC 5424 §6.4).
 */
import type { AuditAction } from '@pacs/common';
import type { ChainRecord } from './audit-chain.ts';

interface Code {
  code: string;
  system: 'DCM';
  text: string;
}

const dcm = (code: string, text: string): Code => ({ code, system: 'DCM', text });

const ACCESSED = dcm('110103', 'DICOM Instances Accessed');
const TRANSFERRED = dcm('110104', 'DICOM Instances Transferred');
const DELETED = dcm('110105', 'DICOM Study Deleted');
const EXPORT = dcm('110106', 'Export');
const AUTHENTICATION = dcm('110114', 'User Authentication');
const SECURITY_ALERT = dcm('110113', 'Security Alert');
const AUDIT_LOG_USED = dcm('110101', 'Audit Log Used');

interface EventKind {
  id: Code;
  /** C create, R read, U update, D delete, E execute. */
  action: 'C' | 'R' | 'U' | 'D' | 'E';
  type?: Code;
}

/** Each action of the log as the DICOM event it is (PS3.15 A.5.3, PS3.16 CID 400–403). */
export const ATNA_EVENTS: Record<AuditAction, EventKind> = {
  sign_in: { id: AUTHENTICATION, action: 'E', type: dcm('110122', 'Login') },
  guest_sign_in: { id: AUTHENTICATION, action: 'E', type: dcm('110122', 'Login') },
  sign_out: { id: AUTHENTICATION, action: 'E', type: dcm('110123', 'Logout') },
  study_view: { id: ACCESSED, action: 'R' },
  report_view: { id: ACCESSED, action: 'R' },
  series_download: { id: ACCESSED, action: 'R' },
  study_export: { id: EXPORT, action: 'R' },
  study_csv: { id: EXPORT, action: 'R' },
  study_forward: { id: TRANSFERRED, action: 'R' },
  share_create: { id: SECURITY_ALERT, action: 'C', type: dcm('110135', 'Object Security Attributes Changed') },
  share_update: { id: SECURITY_ALERT, action: 'U', type: dcm('110135', 'Object Security Attributes Changed') },
  share_delete: { id: SECURITY_ALERT, action: 'D', type: dcm('110135', 'Object Security Attributes Changed') },
  study_edit: { id: ACCESSED, action: 'U' },
  study_delete: { id: DELETED, action: 'D' },
  trash_restore: { id: ACCESSED, action: 'U' },
  trash_purge: { id: DELETED, action: 'D' },
  account_change: { id: SECURITY_ALERT, action: 'U', type: dcm('110137', 'User Security Attributes Changed') },
  role_change: { id: SECURITY_ALERT, action: 'U', type: dcm('110136', 'Security Roles Changed') },
  institution_change: { id: SECURITY_ALERT, action: 'U', type: dcm('110136', 'Security Roles Changed') },
  security_change: { id: SECURITY_ALERT, action: 'U', type: dcm('110129', 'Security Configuration') },
  settings_change: { id: SECURITY_ALERT, action: 'U', type: dcm('110131', 'Software Configuration') },
  configs_change: { id: SECURITY_ALERT, action: 'U', type: dcm('110131', 'Software Configuration') },
  audit_settings_change: { id: SECURITY_ALERT, action: 'U', type: dcm('110129', 'Security Configuration') },
  audit_prune: { id: AUDIT_LOG_USED, action: 'D' },
};

// XML 1.0 refuses most control characters even escaped: they become U+FFFD.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/**
 * A value escaped for an XML attribute or element. Tab, CR and LF become character references:
 * kept as such by every XML reader (an attribute would otherwise turn them into spaces), and the
 * message stays on one line for a collector that writes its messages as lines.
 */
export function xmlAttr(value: string): string {
  return value
    .replace(NOT_XML, '\ufffd')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
    .replaceAll('\t', '&#9;')
    .replaceAll('\n', '&#10;')
    .replaceAll('\r', '&#13;');
}

const coded = (tag: string, code: Code): string =>
  `<${tag} csd-code="${code.code}" codeSystemName="${code.system}" originalText="${xmlAttr(code.text)}"/>`;

export interface AtnaSource {
  /** The machine (host name) the messages come from. */
  host: string;
  /** The application's name, e.g. the server's name or "pacs". */
  application: string;
}

/** The DICOM audit message (XML) of one record. */
export function auditMessageXml(record: ChainRecord, source: AtnaSource): string {
  const kind = ATNA_EVENTS[record.action];
  const outcome = record.outcome === 'success' ? '0' : '4';
  const user = record.accountId ?? (record.share ? 'guest' : 'unknown');
  const alternative = record.share ? ` AlternativeUserID="${xmlAttr(`share:${record.share}`)}"` : '';
  const access = record.ip ? ` NetworkAccessPointID="${xmlAttr(record.ip)}" NetworkAccessPointTypeCode="2"` : '';
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<AuditMessage>',
    `<EventIdentification EventActionCode="${kind.action}" EventDateTime="${record.at.toISOString()}" EventOutcomeIndicator="${outcome}">`,
    coded('EventID', kind.id),
    kind.type ? coded('EventTypeCode', kind.type) : '',
    '</EventIdentification>',
    `<ActiveParticipant UserID="${xmlAttr(user)}"${alternative} UserIsRequestor="true"${access}/>`,
    `<ActiveParticipant UserID="${xmlAttr(source.application)}" UserIsRequestor="false" NetworkAccessPointID="${xmlAttr(source.host)}" NetworkAccessPointTypeCode="1">`,
    coded('RoleIDCode', dcm('110150', 'Application')),
    '</ActiveParticipant>',
    `<AuditSourceIdentification AuditSourceID="${xmlAttr(source.host)}">`,
    '<AuditSourceTypeCode csd-code="4" codeSystemName="DCM" originalText="Application Server Process"/>',
    '</AuditSourceIdentification>',
  ];
  if (record.studyInstanceUid) {
    parts.push(
      `<ParticipantObjectIdentification ParticipantObjectID="${xmlAttr(record.studyInstanceUid)}" ParticipantObjectTypeCode="2" ParticipantObjectTypeCodeRole="3">`,
      coded('ParticipantObjectIDTypeCode', dcm('110180', 'Study Instance UID')),
      '</ParticipantObjectIdentification>',
    );
  }
  if (record.patientId) {
    parts.push(
      `<ParticipantObjectIdentification ParticipantObjectID="${xmlAttr(record.patientId)}" ParticipantObjectTypeCode="1" ParticipantObjectTypeCodeRole="1">`,
      '<ParticipantObjectIDTypeCode csd-code="2" codeSystemName="RFC-3881" originalText="Patient Number"/>',
      record.patientName ? `<ParticipantObjectName>${xmlAttr(record.patientName)}</ParticipantObjectName>` : '',
      '</ParticipantObjectIdentification>',
    );
  }
  parts.push('</AuditMessage>');
  return parts.join('');
}

/** Printable US-ASCII without spaces, at most `max` characters, or '-' (RFC 5424 header fields). */
function headerField(value: string, max: number): string {
  const clean = value.replace(/[^\x21-\x7e]/g, '').slice(0, max);
  return clean === '' ? '-' : clean;
}

/** The RFC 5424 message of one record (without framing). */
export function syslogMessage(record: ChainRecord, source: AtnaSource, procId: string): string {
  const pri = 10 * 8 + (record.outcome === 'success' ? 5 : 4);
  const header = [
    `<${pri}>1`,
    record.at.toISOString(),
    headerField(source.host, 255),
    headerField(source.application, 48),
    headerField(procId, 128),
    'IHE+RFC-3881',
    '-',
  ].join(' ');
  return `${header} \ufeff${auditMessageXml(record, source)}`;
}

/** Octet-counting frame (RFC 6587 §3.4.1): the message's length in bytes, a space, the message. */
export function frame(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${body.length} `, 'ascii'), body]);
}
