/**
 * The custom validation rules of spec 1 §5 and spec 2 §5, written once for the adapter (which
 * refuses) and the client (which explains). Every rule takes the raw value as `unknown` and
 * answers a boolean; it never throws. Emptiness is the `required` rule's business, but a rule
 * given an empty value answers false, so a rule alone never lets an empty value through.
 */
import type { AuthConfig, PasswordConfig } from './security.ts';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './configs/columns.ts';
import { RESERVED_GUEST_IDS } from './product.ts';

/** English texts of the validation messages (spec 1 §5); clients translate by key. */
export const MESSAGES = {
  required: 'The field is required',
  max_length: (length: number): string => `The field must be ${length} character(s) or less`,
  already_exists: 'An item with the entered value already exists',
  not_last_master: '"Master" must always have at least one Account',
  card_not_accepted: 'This credit card is not accepted',
  email: 'The field must be a valid email address',
  invalid: 'The field is not a valid value',
  share_expiry_past: 'The expiry date must not be in the past.',
  share_expiry_too_far: 'The expiry date must be within 12 months from today.',
  statistics_range_reversed: 'The start date must not be after the end date.',
  statistics_range_too_long: 'The period is too long for this unit: choose months or years.',
  audit_range: 'The end date must not be before the start date.',
} as const;

export const AE_TITLE_MAX_LENGTH = 16;
export const ID_OR_EMAIL_MIN_LENGTH = 2;
export const ID_OR_EMAIL_MAX_LENGTH = 256;
export const TOOLBAR_FOLDER_NAME_MAX_LENGTH = 50;

/** A number, or a string holding only an integer in decimal. */
function toInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)) return Number(value);
  return null;
}

/** 1 to 16 characters, no backslash, no control character, no leading or trailing whitespace. */
export function isAeTitle(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (value.length < 1 || value.length > AE_TITLE_MAX_LENGTH) return false;
  // DICOM forbids control characters in an AE title as well as the backslash (its value separator).
  const refused = [...value].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  return !refused && value.trim() === value;
}

/** ASCII letters, digits and underscore; at least one character. */
export function isAlphaNumUnderscore(value: unknown): boolean {
  return typeof value === 'string' && /^[A-Za-z0-9_]+$/.test(value);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Whether the Gregorian calendar has this day (so 2023-02-29 and 2024-04-31 are refused). */
function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const isLeap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && isLeap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return day <= days;
}

/** A valid Date object, or a real calendar date as yyyy/mm/dd, yyyy-mm-dd, dd/mm/yyyy or dd-mm-yyyy. */
export function isDate(value: unknown): boolean {
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  if (typeof value !== 'string') return false;
  const yearFirst = /^(\d{4})([/-])(\d{2})\2(\d{2})$/.exec(value);
  if (yearFirst) return isCalendarDate(Number(yearFirst[1]), Number(yearFirst[3]), Number(yearFirst[4]));
  const dayFirst = /^(\d{2})([/-])(\d{2})\2(\d{4})$/.exec(value);
  if (dayFirst) return isCalendarDate(Number(dayFirst[4]), Number(dayFirst[3]), Number(dayFirst[1]));
  return false;
}

/** A DICOM DA value, YYYYMMDD, that exists in the calendar (so 20241301 and 99999999 are refused). */
export function isDicomDate(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  return match !== null && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Earliest and latest instants a timestamp field accepts: years 1 to 9999, UTC. */
const TIMESTAMP_MIN = new Date('0001-01-01T00:00:00Z').getTime();
const TIMESTAMP_MAX = new Date('9999-12-31T23:59:59.999Z').getTime();

/**
 * An ISO 8601 date or date-time (what `Date.toISOString` and `<input type="date">` send) within
 * years 1 to 9999, as a Date; null for anything else. JavaScript alone takes years up to ±275760,
 * which PostgreSQL refuses, and reads many other shapes it would be unwise to guess at.
 */
export function parseTimestamp(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim());
  if (!match || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) return null;
  if (match[4] !== undefined && (Number(match[4]) > 23 || Number(match[5]) > 59 || Number(match[6] ?? 0) > 59)) return null;
  const at = new Date(value.trim().replace(' ', 'T'));
  const time = at.getTime();
  return Number.isNaN(time) || time < TIMESTAMP_MIN || time > TIMESTAMP_MAX ? null : at;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A decimal number: optional sign, digits, then optionally the separator and 1 to `decimals`
 * digits (`'*'` or omitted: any count; 0: integers only). Numbers use `.`. Empty is invalid.
 */
export function isDecimal(value: unknown, decimals: number | '*' = '*', separator = '.'): boolean {
  let text: string;
  let sep = separator;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return false;
    text = String(value);
    sep = '.';
  } else if (typeof value === 'string') {
    text = value;
  } else {
    return false;
  }
  if (text === '' || sep === '') return false;
  const fraction = decimals === '*' ? '\\d+' : decimals >= 1 ? `\\d{1,${Math.floor(decimals)}}` : null;
  const pattern = fraction === null ? '^[-+]?\\d+$' : `^[-+]?\\d+(?:${escapeRegExp(sep)}${fraction})?$`;
  return new RegExp(pattern).test(text);
}

/** Non-empty and free of \ / : * ? " < > | (characters file systems refuse). */
export function isFileName(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0 && !/[\\/:*?"<>|]/.test(value);
}

export function hasLowercase(value: unknown): boolean {
  return typeof value === 'string' && /\p{Ll}/u.test(value);
}

export function hasUppercase(value: unknown): boolean {
  return typeof value === 'string' && /\p{Lu}/u.test(value);
}

export function hasNumber(value: unknown): boolean {
  return typeof value === 'string' && /\p{Nd}/u.test(value);
}

/** Any character that is neither a letter, a digit nor whitespace. */
export function hasSymbol(value: unknown): boolean {
  return typeof value === 'string' && /[^\p{L}\p{N}\s]/u.test(value);
}

export function isHex(value: unknown): boolean {
  return typeof value === 'string' && /^[0-9a-fA-F]+$/.test(value);
}

/** `#` followed by exactly six hex digits. */
export function isHexColor(value: unknown): boolean {
  return typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value);
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** local@domain with a dotted domain; 254 characters at most (RFC 5321 path limit). */
export function isEmail(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 254) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0 || at > 64) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (labels.length < 2 || !EMAIL_LOCAL.test(local)) return false;
  return labels.every((label) => EMAIL_DOMAIN_LABEL.test(label)) && /[A-Za-z]/.test(labels.at(-1) ?? '');
}

/**
 * An account id: trimmed length 2 to 256, word characters only or an e-mail address, neither
 * "0" nor one of the reserved guest ids (compared without case, so look-alikes are refused too).
 */
export function isIdOrEmail(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const id = value.trim();
  if (id.length < ID_OR_EMAIL_MIN_LENGTH || id.length > ID_OR_EMAIL_MAX_LENGTH) return false;
  if (id === '0' || RESERVED_GUEST_IDS.includes(id.toLowerCase())) return false;
  return /^\w+$/.test(id) || isEmail(id);
}

/** Dotted IPv4: four parts 0 to 255 without leading zeros (which some parsers read as octal). */
export function isIpAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => /^(?:0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
}

/** An integer 1 to 65535, as a number or a numeric string. */
export function isPort(value: unknown): boolean {
  const port = toInteger(value);
  return port !== null && port >= 1 && port <= 65535;
}

/** A DICOM UID as this archive accepts one in a path or a form: digits and dots, 1 to 64 characters. */
export function isDicomUid(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9.]{1,64}$/.test(value);
}

/** DICOM Age String: three digits then D, W, M or Y (`045Y`). */
export function isPatientAge(value: unknown): boolean {
  return typeof value === 'string' && /^\d{3}[DWMY]$/.test(value);
}

/** hh:mm:ss on a 24-hour clock. */
export function isTime(value: unknown): boolean {
  return typeof value === 'string' && /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(value);
}

/** A toolbar folder name: required (not blank) and at most 50 characters. */
export function isToolbarFolderName(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '' && value.length <= TOOLBAR_FOLDER_NAME_MAX_LENGTH;
}

export function isToolbarPosition(value: unknown): boolean {
  return value === 'left' || value === 'right';
}

/** A list column width: an integer from 40 to 400 pixels. */
export function isColumnWidth(value: unknown): boolean {
  const width = toInteger(value);
  return width !== null && width >= MIN_COLUMN_WIDTH && width <= MAX_COLUMN_WIDTH;
}

/** Patient sex as stored: M, F or O. */
export function isPatientSex(value: unknown): boolean {
  return value === 'M' || value === 'F' || value === 'O';
}

/** A modality code in a patient share: letters only, 2 to 8 of them. */
export function isShareModality(value: unknown): boolean {
  return typeof value === 'string' && /^[A-Za-z]{2,8}$/.test(value);
}

/** A new page size: a non-zero integer different from the current one (spec 2 §5). */
export function isPageSizeChange(value: unknown, current: number): boolean {
  const size = toInteger(value);
  return size !== null && size !== 0 && size !== current;
}

/**
 * not_exist: no other item holds the same value, compared without case. `others` are the
 * values of the items not being edited.
 */
export function isNotExisting(value: unknown, others: readonly unknown[]): boolean {
  if (typeof value !== 'string') return false;
  const wanted = value.toLowerCase();
  return !others.some((other) => typeof other === 'string' && other.toLowerCase() === wanted);
}

const JAPAN_ONLY_CARD_BRANDS = new Set(['diners', 'dinersclub', 'discover', 'jcb']);

/**
 * credit_card_brand: Diners Club, Discover and JCB are accepted only in Japan. `locale` is a
 * country code (`jp`) or a language tag (`ja`, `ja-JP`).
 */
export function isCreditCardBrandAccepted(brand: unknown, locale: string): boolean {
  if (typeof brand !== 'string' || brand.trim() === '') return false;
  const normalized = brand.toLowerCase().replace(/[\s_-]/g, '');
  if (!JAPAN_ONLY_CARD_BRANDS.has(normalized)) return true;
  const tag = locale.toLowerCase();
  return tag === 'jp' || tag === 'ja' || tag.startsWith('ja-') || tag.endsWith('-jp');
}

/** Password policy defaults (spec 1 §5): at least 4 characters, no required character class. */
export const DEFAULT_PASSWORD_CONFIG: PasswordConfig = {
  MinimumPasswordLength: 4,
  ContainsLowercaseLetter: false,
  ContainsUppercaseLetter: false,
  ContainsNumber: false,
  ContainsSymbol: false,
};

/**
 * Auth lock defaults: lock an account after 3 consecutive failed sign-ins, for 60 minutes.
 * The spec leaves LockTime's unit open; this product counts it in minutes throughout.
 */
export const DEFAULT_AUTH_CONFIG: AuthConfig = { Threshold: 3, LockTime: 60 };

/**
 * What a password lacks under a policy, as English sentences; an empty array means acceptable.
 * Length counts characters (code points), so an emoji counts once on both sides.
 */
export function passwordProblems(password: string, policy: PasswordConfig): string[] {
  const problems: string[] = [];
  const text = typeof password === 'string' ? password : '';
  const minimum = Number.isFinite(policy.MinimumPasswordLength) ? Math.max(0, policy.MinimumPasswordLength) : 0;
  if ([...text].length < minimum) {
    problems.push(`The password must be at least ${minimum} character${minimum === 1 ? '' : 's'} long.`);
  }
  if (policy.ContainsLowercaseLetter && !hasLowercase(text)) {
    problems.push('The password must contain a lowercase letter.');
  }
  if (policy.ContainsUppercaseLetter && !hasUppercase(text)) {
    problems.push('The password must contain an uppercase letter.');
  }
  if (policy.ContainsNumber && !hasNumber(text)) problems.push('The password must contain a number.');
  if (policy.ContainsSymbol && !hasSymbol(text)) problems.push('The password must contain a symbol.');
  return problems;
}
