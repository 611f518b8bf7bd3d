/**
 * The licence (spec 1 §1, §9; spec 3 §2, §3 "Server info", §4 "Licence validity").
 *
 * A licence file is JSON: `{ Format, Payload, Signature }`. `Payload` is the licence itself as a
 * JSON text (kept as text so the signed bytes are exactly the bytes verified), `Signature` the
 * base64 Ed25519 signature of those UTF-8 bytes by the issuer's private key. The adapter trusts
 * the public keys it is configured with; the rules below (shape, periods, limits) are shared by
 * the adapter, the issuing command and the client.
 */
import { deviceIdentificationProblems, type DeviceIdentification } from './devices.ts';

export const LICENCE_FORMAT = 'open-pacs-licence/1';
export const LICENCE_TYPES = ['Trial', 'Demonstration', 'Academic', 'Professional'] as const;
export type LicenceType = (typeof LICENCE_TYPES)[number];

/** Largest licence file accepted (a licence is a few hundred bytes). */
export const LICENCE_FILE_MAX_BYTES = 64 * 1024;

export interface Distributor {
  Name: string;
  Address: string;
  Email: string;
  Phone: string;
  Fax: string;
  Website: string;
}

/** What an issuer signs. Limits: 0 = unlimited; MaxNumberOfCXR -1 = CXR AI disabled. */
export interface LicencePayload {
  LicenseId: string;
  LicenseType: LicenceType;
  LicensedTo: string;
  /** 'YYYY/MM/DD-YYYY/MM/DD'; an end in year 9999 never expires. */
  LicensePeriod: string;
  SupportPeriod: string;
  Distributor: Distributor;
  MaxNumberOfStudy: number;
  MaxNumberOfWebConnection: number;
  MaxNumberOfDicomConnection: number;
  /** Shares created per calendar month. */
  MaxNumberOfSharedStudy: number;
  MaxNumberOfCXR: number;
  SerialNumber: string;
  /** Medical-device editions only: the identification the product information shows (devices.ts). */
  Device?: DeviceIdentification;
}

export interface LicenceFile {
  Format: typeof LICENCE_FORMAT;
  Payload: string;
  Signature: string;
}

/** `GET /service/info` LicenseStatus: the installed licence, or IsEmpty with every limit 0. */
export interface LicenseStatus extends LicencePayload {
  IsEmpty: boolean;
  ProductName: string;
  MaxCapacity: number;
  Links: string[];
  /** Ours: licence period includes today (spec 3 §4), and whether it counts as licensed. */
  LicenseValid: boolean;
  SupportValid: boolean;
  Licensed: boolean;
}

export interface DatabaseStatus {
  Database: string;
  NumberOfAccounts: number;
  NumberOfStudies: number;
  NeedMaintenance: boolean;
  /** Ours: false while the study limit keeps DICOM stores refused. */
  AcceptingStudies: boolean;
}

/** `GET /service/info`. */
export interface ServiceInfo {
  LicenseId: string;
  LicenseStatus: LicenseStatus;
  DatabaseStatus: DatabaseStatus;
}

/** The limits in force (0 = unlimited) and where each came from. */
export interface LicenceLimits {
  studies: number;
  webConnections: number;
  dicomConnections: number;
  monthlyShares: number;
}

const PERIOD = /^(\d{4})\/(\d{2})\/(\d{2})-(\d{4})\/(\d{2})\/(\d{2})$/;

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A period's first and last day as 'YYYYMMDD' numbers, or null when it is not 'YYYY/MM/DD-YYYY/MM/DD'. */
export function parsePeriod(period: string): { start: number; end: number } | null {
  const match = PERIOD.exec(period);
  if (!match) return null;
  const [y1, m1, d1, y2, m2, d2] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  if (!validDate(y1, m1, d1) || !validDate(y2, m2, d2)) return null;
  const start = y1 * 10000 + m1 * 100 + d1;
  const end = y2 * 10000 + m2 * 100 + d2;
  return start <= end ? { start, end } : null;
}

/** Today as a 'YYYYMMDD' number in UTC. */
export function dayNumber(now: Date): number {
  return now.getUTCFullYear() * 10000 + (now.getUTCMonth() + 1) * 100 + now.getUTCDate();
}

/** Spec 3 §4: valid when today falls in the period (inclusive); a year-9999 end never expires. */
export function periodIncludes(period: string, now: Date): boolean {
  const parsed = parsePeriod(period);
  if (!parsed) return false;
  const today = dayNumber(now);
  return parsed.start <= today && (today <= parsed.end || period.includes('9999'));
}

/** Spec 3 §4: licensed means the type is not Trial and both periods are valid. */
export function isLicensed(payload: Pick<LicencePayload, 'LicenseType' | 'LicensePeriod' | 'SupportPeriod'>, now: Date): boolean {
  return payload.LicenseType !== 'Trial' && periodIncludes(payload.LicensePeriod, now) && periodIncludes(payload.SupportPeriod, now);
}

/** Spec 1 §9: a limit of 0 is unlimited, and so is an end date containing 9999. */
export const isUnlimited = (value: number | string): boolean => (typeof value === 'number' ? value === 0 : value.includes('9999'));

const DISTRIBUTOR_FIELDS = ['Name', 'Address', 'Email', 'Phone', 'Fax', 'Website'] as const;
const LIMIT_FIELDS = ['MaxNumberOfStudy', 'MaxNumberOfWebConnection', 'MaxNumberOfDicomConnection', 'MaxNumberOfSharedStudy'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const shortText = (value: unknown, max = 256): value is string => typeof value === 'string' && value.length <= max;

/**
 * Checks a licence payload's shape: the problems in English (empty = well formed). Used by the
 * issuing command before signing and by the adapter after the signature verifies.
 */
export function licencePayloadProblems(value: unknown): string[] {
  if (!isRecord(value)) return ['The licence payload is not a JSON object.'];
  const problems: string[] = [];
  if (!shortText(value.LicenseId, 64) || value.LicenseId.trim() === '') problems.push('LicenseId must be 1 to 64 characters.');
  if (!(LICENCE_TYPES as readonly unknown[]).includes(value.LicenseType))
    problems.push(`LicenseType must be one of ${LICENCE_TYPES.join(', ')}.`);
  if (!shortText(value.LicensedTo) || value.LicensedTo.trim() === '') problems.push('LicensedTo must be 1 to 256 characters.');
  for (const field of ['LicensePeriod', 'SupportPeriod'] as const) {
    if (typeof value[field] !== 'string' || !parsePeriod(value[field])) problems.push(`${field} must be a period YYYY/MM/DD-YYYY/MM/DD.`);
  }
  for (const field of LIMIT_FIELDS) {
    const limit = value[field];
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > 1e9)
      problems.push(`${field} must be a whole number from 0 (unlimited).`);
  }
  const cxr = value.MaxNumberOfCXR;
  if (typeof cxr !== 'number' || !Number.isInteger(cxr) || cxr < -1 || cxr > 1e9)
    problems.push('MaxNumberOfCXR must be -1 (disabled) or a whole number.');
  if (!shortText(value.SerialNumber, 64)) problems.push('SerialNumber must be text of at most 64 characters.');
  if (
    !isRecord(value.Distributor) ||
    !DISTRIBUTOR_FIELDS.every((field) => shortText((value.Distributor as Record<string, unknown>)[field]))
  ) {
    problems.push(`Distributor must be an object with the texts ${DISTRIBUTOR_FIELDS.join(', ')}.`);
  }
  if (value.Device !== undefined) problems.push(...deviceIdentificationProblems(value.Device, value.SerialNumber));
  return problems;
}

/** Reads a licence file's envelope; null when it is not one. */
export function parseLicenceFile(text: string): LicenceFile | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.Format !== LICENCE_FORMAT) return null;
  if (typeof value.Payload !== 'string' || typeof value.Signature !== 'string') return null;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value.Signature)) return null;
  return { Format: LICENCE_FORMAT, Payload: value.Payload, Signature: value.Signature };
}

export const EMPTY_DISTRIBUTOR: Distributor = { Name: '', Address: '', Email: '', Phone: '', Fax: '', Website: '' };

/** Why an activation was refused (the answer's message). */
export const LICENCE_MESSAGES = {
  format: 'The licence file is not in the expected format.',
  signature: 'The licence file is not signed by a trusted key.',
  noKeys: 'This server trusts no licence key yet. See "Licence" in README.md.',
  period: 'The licence period does not include today.',
} as const;
