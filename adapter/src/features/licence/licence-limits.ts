/**
 * The licence in force and the limits it sets. Every reader of a limit (sign-in, shares, DICOM
 * users, import, the C-STORE gate) goes through effectiveLimits: an environment override
 * (MAX_STUDIES, MAX_WEB_CONNECTIONS, MAX_DICOM_CONNECTIONS, MAX_MONTHLY_SHARES) wins, else the
 * licence's value, else 0 (no licence: unlimited).
 */
import { licencePayloadProblems, parseLicenceFile, type LicenceLimits, type LicencePayload } from '@pacs/common';
import type { Deps } from '../../deps.ts';
import { log } from '../../log.ts';
import { loadTrustedKeys, signingKey, type TrustedKey } from './licence-keys.ts';
import { selectCurrentLicence } from './licence.sql.ts';

const KEYS_TTL_MS = 60_000;
const keyCache = new Map<string, { at: number; keys: TrustedKey[] }>();

/** The trusted keys, read again at most once a minute (or at once with `fresh`). */
export function trustedKeys(path: string, fresh = false): TrustedKey[] {
  const cached = keyCache.get(path);
  if (!fresh && cached && Date.now() - cached.at < KEYS_TTL_MS) return cached.keys;
  const keys = loadTrustedKeys(path);
  keyCache.set(path, { at: Date.now(), keys });
  return keys;
}

export interface InstalledLicence {
  payload: LicencePayload;
  fingerprint: string;
}

/**
 * The newest activated licence, verified again (its signature by a key trusted now, its shape);
 * undefined when none is installed or it no longer verifies (then the site runs as unlicensed,
 * and the log says why).
 */
export async function installedLicence(deps: Deps): Promise<InstalledLicence | undefined> {
  const row = await selectCurrentLicence(deps.db);
  if (!row) return undefined;
  const file = parseLicenceFile(row.file);
  const key = file && signingKey(file, trustedKeys(deps.config.licenceKeys));
  if (!file || !key) {
    log.warn(`Licence ${row.licence_id} no longer verifies with the keys at ${deps.config.licenceKeys}: ignored`);
    return undefined;
  }
  const payload = JSON.parse(file.Payload) as unknown;
  if (licencePayloadProblems(payload).length > 0) return undefined;
  return { payload: payload as LicencePayload, fingerprint: key.fingerprint };
}

export function limitsOf(deps: Deps, payload: LicencePayload | undefined): LicenceLimits {
  const { config } = deps;
  return {
    studies: config.maxStudies ?? payload?.MaxNumberOfStudy ?? 0,
    webConnections: config.maxWebConnections ?? payload?.MaxNumberOfWebConnection ?? 0,
    dicomConnections: config.maxDicomConnections ?? payload?.MaxNumberOfDicomConnection ?? 0,
    monthlyShares: config.maxMonthlyShares ?? payload?.MaxNumberOfSharedStudy ?? 0,
  };
}

export async function effectiveLimits(deps: Deps): Promise<LicenceLimits> {
  return limitsOf(deps, (await installedLicence(deps))?.payload);
}
