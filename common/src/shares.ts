/**
 * Shares (spec 3 §2–§5): the item shape the adapter answers, the user's share shortcuts, and the
 * share edit rules, written once for the adapter (which refuses) and the client (which explains).
 */
import { isIdOrEmail, isShareModality } from './validation.ts';

export type ShareKind = 'study' | 'patient';
/** Who a share reaches: a guest (by access key), or an institution, a role in it, an account in that. */
export type ShareType = 'guest' | 'institution' | 'role' | 'account';

/** One row of `/sharestudies/all`, `/sharepatients/all`, `fromstudy`, `frompatient` (spec 3 §3). */
export interface ShareItem {
  No: number;
  /** Null for patient shares. */
  StudyInstanceUID: string | null;
  PatientID: string;
  PatientName: string;
  PatientBirthDate: string;
  PatientSex: string;
  PatientAge: string;
  Institution: number | null;
  Role: number | null;
  Account: string | null;
  /** Guest shares only. */
  AccessKey: string | null;
  /** ISO instants. */
  ExpiresAt: string;
  CreatedAt: string;
  UpdatedAt: string;
  SharedBy: string | null;
  /** Institution, role and account names joined with ' > '; 'Guest' for guest shares. */
  SharedWith: string;
  Type: ShareType;
  /** Patient shares: the modalities they are narrowed to (empty: all). */
  Modality: string[];
  StudyDate: string;
  StudyTime: string;
  StudyDateTime: string;
  ModalitiesInStudy: string[];
  BodyPartsInStudy: string[];
  StudyDescription: string;
  NumberOfStudyRelatedSeries: number | null;
  NumberOfStudyRelatedInstances: number | null;
}

/** `GET /shares/count`. */
export interface ShareCount {
  ShareStudies: number;
  SharePatients: number;
}

/** A "share with" shortcut: a label for an institution, a role or an account (spec 3 §3). */
export interface ShareWithShortcut {
  label: string;
  is_visible: boolean;
  Institution?: number | null;
  Role?: number | null;
  Account?: string | null;
}

export interface ShareSubjectShortcut {
  label: string;
  is_visible: boolean;
}

export interface SharePerson {
  label: string;
  email: string;
  is_visible: boolean;
}

export const SHARE_EXPIRY_DEFAULT_DAYS = 7;
export const SHARE_EXPIRY_SHORTCUT_DAYS = [7, 14, 30] as const;

/** The type of a share from its target (none of the three: a guest share). */
export function shareTypeOf(share: { Institution: number | null; Role: number | null; Account: string | null }): ShareType {
  if (share.Account) return 'account';
  if (share.Role) return 'role';
  if (share.Institution) return 'institution';
  return 'guest';
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** A Date's local calendar day as YYYY-MM-DD. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD day plus some days (calendar arithmetic, free of time zones and DST). */
export function addDays(day: string, days: number): string {
  const match = DAY.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Whether a YYYY-MM-DD day exists on the calendar (2023-02-29 does not). */
export function isCalendarDay(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = DAY.exec(value);
  if (!match) return false;
  return addDays(value, 0) === value && Number(match[1]) >= 1;
}

/**
 * The furthest a share may run, in months from today: the longest share duration of any plan in
 * the spec (premium and customized, 12 months). A share meant to last longer is renewed by editing
 * it; a bound keeps a forgotten guest link from opening a study for decades.
 */
export const SHARE_EXPIRY_MAX_MONTHS = 12;

/** The last day a share made on `today` (YYYY-MM-DD) may expire: that day SHARE_EXPIRY_MAX_MONTHS later (clamped to the month's end). */
export function latestShareExpiry(today: string): string {
  const match = DAY.exec(today);
  if (!match) return today;
  const months = Number(match[1]) * 12 + Number(match[2]) - 1 + SHARE_EXPIRY_MAX_MONTHS;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${pad(month)}-${pad(Math.min(Number(match[3]), lastDay))}`;
}

/** An expiry day: a real YYYY-MM-DD day, not before `today` (also YYYY-MM-DD) and not after latestShareExpiry. */
export function isShareExpiry(value: unknown, today: string): boolean {
  return isCalendarDay(value) && (value as string) >= today && (value as string) <= latestShareExpiry(today);
}

export type ShareField = 'Institution' | 'Role' | 'Account' | 'ExpiresAt' | 'Modality';
/** What is wrong with a field: missing, malformed, or (ExpiresAt) a day already past or too far ahead. */
export type ShareProblem = 'required' | 'invalid' | 'past' | 'too_far';

export interface ShareEditInput {
  /** Null or 0-less: a guest share. */
  Institution: number | null;
  Role: number | null;
  Account: string | null;
  /** YYYY-MM-DD; undefined when the edit keeps the stored day. */
  ExpiresAt?: string | undefined;
  Modality?: readonly string[];
}

/**
 * The share edit rules of spec 3 §5 that need no database: institution not 0, a role needs an
 * institution and an account a role, the account is an id or an e-mail, modalities are 2–8
 * letters, and the expiry is a real day from `today` to latestShareExpiry(today). Answers the
 * problem of each bad field.
 */
export function shareEditProblems(
  input: ShareEditInput,
  { today, expiryRequired }: { today: string; expiryRequired: boolean },
): Partial<Record<ShareField, ShareProblem>> {
  const problems: Partial<Record<ShareField, ShareProblem>> = {};
  if (input.Institution === 0 || (input.Institution !== null && !Number.isInteger(input.Institution))) problems.Institution = 'invalid';
  if (input.Role !== null && (input.Role === 0 || !Number.isInteger(input.Role))) problems.Role = 'invalid';
  if (input.Institution === null && (input.Role !== null || input.Account !== null)) problems.Institution = 'required';
  if (input.Account !== null && input.Role === null) problems.Role = 'required';
  if (input.Account !== null && !isIdOrEmail(input.Account)) problems.Account = 'invalid';
  if (input.ExpiresAt === undefined || input.ExpiresAt === '') {
    if (expiryRequired) problems.ExpiresAt = 'required';
  } else if (!isCalendarDay(input.ExpiresAt)) {
    problems.ExpiresAt = 'invalid';
  } else if (input.ExpiresAt < today) {
    problems.ExpiresAt = 'past';
  } else if (!isShareExpiry(input.ExpiresAt, today)) {
    problems.ExpiresAt = 'too_far';
  }
  if ((input.Modality ?? []).some((modality) => !isShareModality(modality))) problems.Modality = 'invalid';
  return problems;
}
