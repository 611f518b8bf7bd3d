/**
 * The audit log (issue 19; spec 2 §3 "Event items", §7 `/events/all`, `/events/find`): who did
 * what to which study or patient, when, from where, and whether it worked. Records are
 * append-only and hash-chained in PostgreSQL (docs/decisions.md, "Audit log").
 */
import { isDicomDate, isDicomUid, isIpAddress, isPort, MESSAGES } from './validation.ts';

/** Every action the log records. Names are stable: they are stored, filtered on and hashed. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_out',
  'guest_sign_in',
  'study_view',
  'report_view',
  'series_download',
  'study_export',
  'study_forward',
  'study_csv',
  'share_create',
  'share_update',
  'share_delete',
  'study_edit',
  'study_delete',
  'trash_restore',
  'trash_purge',
  'account_change',
  'role_change',
  'institution_change',
  'security_change',
  'settings_change',
  'configs_change',
  'audit_settings_change',
  'audit_prune',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditOutcome = 'success' | 'failure';

/** One record as `/events/all` and `/events/find` answer it (spec 2 §3: No is the record's number). */
export interface AuditEvent {
  No: number;
  /** ISO 8601, milliseconds, UTC. */
  At: string;
  /** The account that acted; for a share guest the guest id, with Share naming the share. */
  Account: string | null;
  /** `study-12` or `patient-3` when a share guest acted through that share. */
  Share: string | null;
  IPAddress: string;
  Action: AuditAction;
  Outcome: AuditOutcome;
  StudyInstanceUID: string | null;
  PatientID: string | null;
  PatientName: string | null;
  /** What else the action carried (series UID, share target, fields changed, counts). */
  Details: Record<string, unknown>;
  /** The record's chain hash (hex sha256 of the previous hash and this record). */
  Hash: string;
}

export interface AuditPage {
  Total: number;
  Events: AuditEvent[];
}

/** `/eventsettings/find` and `/eventsettings/update`: how long records are kept. */
export interface AuditSettings {
  /** Days a record is kept; 0 keeps every record for ever. */
  RetentionDays: number;
}

export const DEFAULT_AUDIT_SETTINGS: AuditSettings = { RetentionDays: 0 };
export const AUDIT_RETENTION_MAX_DAYS = 36_500;

/** `/events/verify`: the chain check's answer (the same check as `npm run audit:verify`). */
export interface AuditChainReport {
  Ok: boolean;
  Checked: number;
  /** The first record whose hash or link does not match, null when the chain holds. */
  FirstBroken: number | null;
  Problem: string | null;
  /** The newest record's hash: note it elsewhere to notice a rewrite of the whole chain. */
  Head: string | null;
}

export const AUDIT_PAGE_MAX = 500;

/** A parsed `/events/find` query. Dates are calendar days (YYYY-MM-DD), inclusive, UTC. */
export interface AuditQuery {
  From?: string;
  To?: string;
  Account?: string;
  Action?: AuditAction;
  /** A StudyInstanceUID or a PatientID (matched exactly), or part of a patient's name. */
  Subject?: string;
  IPAddress?: string;
  Limit: number;
  Offset: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads a `/events/find` query from its raw fields. Answers the query, or the problems by field
 * with the catalogue's messages (the adapter answers them as 400, the screen shows them).
 */
export function parseAuditQuery(raw: Record<string, unknown>): { query: AuditQuery; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const query: AuditQuery = { Limit: 50, Offset: 0 };
  const text = (name: string, max: number): string | undefined => {
    const value = raw[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') {
      problems[name] = MESSAGES.invalid;
      return undefined;
    }
    if (value.length > max) {
      problems[name] = MESSAGES.max_length(max);
      return undefined;
    }
    return value;
  };
  const day = (name: 'From' | 'To') => {
    const value = text(name, 10);
    if (value === undefined) return;
    if (!DAY.test(value) || !isDicomDate(value.replaceAll('-', ''))) problems[name] = MESSAGES.invalid;
    else query[name] = value;
  };
  day('From');
  day('To');
  if (query.From && query.To && query.From > query.To) problems.To = MESSAGES.audit_range;
  const account = text('Account', 256);
  if (account !== undefined) query.Account = account;
  const action = text('Action', 64);
  if (action !== undefined) {
    if ((AUDIT_ACTIONS as readonly string[]).includes(action)) query.Action = action as AuditAction;
    else problems.Action = MESSAGES.invalid;
  }
  const subject = text('Subject', 128);
  if (subject !== undefined) query.Subject = subject;
  const ip = text('IPAddress', 100);
  if (ip !== undefined) {
    if (/^[0-9A-Fa-f.:]+$/.test(ip)) query.IPAddress = ip;
    else problems.IPAddress = MESSAGES.invalid;
  }
  const int = (name: 'Limit' | 'Offset', min: number, max: number) => {
    const value = raw[name];
    if (value === undefined || value === '') return;
    const number = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : typeof value === 'number' ? value : NaN;
    if (!Number.isInteger(number) || number < min || number > max) problems[name] = MESSAGES.invalid;
    else query[name] = number;
  };
  int('Limit', 1, AUDIT_PAGE_MAX);
  int('Offset', 0, 100_000_000);
  return { query, problems };
}

/** Whether a subject filter names a study by its UID (else a patient id or name). */
export const isStudySubject = (subject: string): boolean => isDicomUid(subject) && subject.includes('.');

/** The retention field as typed: a whole number of days 0–36500, else the catalogue's message. */
export function auditRetentionProblem(value: string): string | null {
  const text = value.trim();
  if (text === '') return MESSAGES.required;
  if (!/^\d{1,5}$/.test(text) || Number(text) > AUDIT_RETENTION_MAX_DAYS) return MESSAGES.invalid;
  return null;
}

/**
 * The export of every record, as a DICOM audit message (PS3.15 A.5, IHE ATNA) in an RFC 5424
 * syslog message, to a collector over TCP or TLS (`/eventexport/find`, `/eventexport/update`).
 */
export interface AuditExportSettings {
  Enabled: boolean;
  /** The collector's host name or IP address. */
  Host: string;
  Port: number;
  Transport: 'tcp' | 'tls';
  /**
   * TLS only: the PEM certificate(s) of the authority that signed the collector's certificate (or
   * its self-signed certificate); '' trusts the system's authorities.
   */
  CACertificate: string;
}

/** How the export is doing on the server that answers (each replica sends what it writes). */
export interface AuditExportState {
  /** Whether a connection to the collector is open now. */
  Connected: boolean;
  /** Messages waiting to be sent. */
  Queued: number;
  /** Messages handed to the connection since the server started. */
  Sent: number;
  /** Messages dropped because the queue was full (the collector unreachable for long). */
  Dropped: number;
  /** The last connection problem, '' when none since the last success. */
  LastError: string;
}

export interface AuditExport extends AuditExportSettings {
  State: AuditExportState;
}

/** 6514 is syslog over TLS (RFC 5425); plain TCP collectors commonly listen on 514 or 601. */
export const DEFAULT_AUDIT_EXPORT: AuditExportSettings = { Enabled: false, Host: '', Port: 6514, Transport: 'tls', CACertificate: '' };
export const AUDIT_EXPORT_CA_MAX_LENGTH = 65_536;

const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const PEM_CERTIFICATES = /^(?:\s*-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----\s*)+$/;

/** A DNS host name (RFC 1123 labels), a dotted IPv4 address or an IPv6 address. */
export function isHostName(value: unknown): boolean {
  if (typeof value !== 'string' || value.length === 0 || value.length > 253) return false;
  if (isIpAddress(value)) return true;
  if (value.includes(':')) return /^[0-9A-Fa-f:.]+$/.test(value) && value.split(':').length >= 3 && value.split(':').length <= 9;
  // All digits and dots is an IPv4 address or nothing.
  if (/^[\d.]+$/.test(value)) return false;
  return value.split('.').every((label) => HOST_LABEL.test(label));
}

/**
 * Reads the export settings from a form's raw fields (strings, or values of their own type).
 * Answers the settings, or the problems by field with the catalogue's messages. Host and Port
 * are required only when the export is on.
 */
export function parseAuditExport(raw: Record<string, unknown>): { settings: AuditExportSettings; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const text = (name: string): string => {
    const value = raw[name];
    if (value === undefined || value === null) return '';
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    problems[name] = MESSAGES.invalid;
    return '';
  };
  const enabled = text('Enabled');
  if (!['', 'true', 'false'].includes(enabled)) problems.Enabled = MESSAGES.invalid;
  const settings: AuditExportSettings = { ...DEFAULT_AUDIT_EXPORT, Enabled: enabled === 'true' };
  const host = text('Host').trim();
  if (host.length > 253) problems.Host = MESSAGES.max_length(253);
  else if (host === '') {
    if (settings.Enabled) problems.Host = MESSAGES.required;
  } else if (!isHostName(host)) problems.Host = MESSAGES.invalid;
  settings.Host = host;
  const port = text('Port').trim();
  if (port === '') {
    if (settings.Enabled) problems.Port = MESSAGES.required;
  } else if (!isPort(port)) problems.Port = MESSAGES.invalid;
  else settings.Port = Number(port);
  const transport = text('Transport') || 'tls';
  if (transport === 'tcp' || transport === 'tls') settings.Transport = transport;
  else problems.Transport = MESSAGES.invalid;
  const ca = text('CACertificate');
  if (ca.length > AUDIT_EXPORT_CA_MAX_LENGTH) problems.CACertificate = MESSAGES.max_length(AUDIT_EXPORT_CA_MAX_LENGTH);
  else if (ca.trim() !== '' && !PEM_CERTIFICATES.test(ca)) problems.CACertificate = MESSAGES.invalid;
  else settings.CACertificate = ca.trim() === '' ? '' : ca.trim();
  return { settings, problems };
}
