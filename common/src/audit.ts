/**
 * The audit log (issue 19; spec 2 §3 "Event items", §7 `/events/all`, `/events/find`): who did
 * what to which study or patient, when, from where, and whether it worked. Records are
 * append-only and hash-chained in PostgreSQL (docs/decisions.md, "Audit log").
 */
import { isDicomDate, isDicomUid, MESSAGES } from './validation.ts';

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
