/**
 * Licence activation, the server's licence report, and the study limit (the C-STORE gate and the
 * browser import's check).
 */
import {
  EMPTY_DISTRIBUTOR,
  LICENCE_MESSAGES,
  PRODUCT_NAME,
  isLicensed,
  licencePayloadProblems,
  parseLicenceFile,
  periodIncludes,
  type LicencePayload,
  type LicenseStatus,
  type ServiceInfo,
} from '@pacs/common';
import type { Auth } from '../../access/auth.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { log } from '../../log.ts';
import { setStudyStoreOpen } from '../network/network.service.ts';
import { studyStoreOpen } from '../network/store-gate.ts';
import { signingKey } from './licence-keys.ts';
import { effectiveLimits, installedLicence, limitsOf, trustedKeys } from './licence-limits.ts';
import * as sql from './licence.sql.ts';

const refused = (message: string, field = 'License'): AppError => new AppError('licence_refused', { [field]: message }, message);

/**
 * Verifies a licence file and makes it the licence in force. Refused (400, with the reason) when
 * it is not a licence file, no trusted key signed it, its payload is malformed or its licence
 * period does not include today. An expired support period is accepted (support lapses, the
 * licence does not).
 */
export async function activateLicence(deps: Deps, auth: Auth, text: string): Promise<ServiceInfo> {
  const file = parseLicenceFile(text);
  if (!file) throw refused(LICENCE_MESSAGES.format);
  const keys = trustedKeys(deps.config.licenceKeys, true);
  if (keys.length === 0) throw refused(LICENCE_MESSAGES.noKeys);
  const key = signingKey(file, keys);
  if (!key) throw refused(LICENCE_MESSAGES.signature);
  let payload: unknown;
  try {
    payload = JSON.parse(file.Payload);
  } catch {
    throw refused(LICENCE_MESSAGES.format);
  }
  const problems = licencePayloadProblems(payload);
  if (problems.length > 0) throw refused(`${LICENCE_MESSAGES.format} ${problems.join(' ')}`);
  const licence = payload as LicencePayload;
  if (!periodIncludes(licence.LicensePeriod, new Date())) throw refused(LICENCE_MESSAGES.period);
  await sql.insertLicence(deps.db, licence.LicenseId, text, key.fingerprint, auth.accountId);
  log.info(`Licence ${licence.LicenseId} (${licence.LicenseType}, ${licence.LicensedTo}) activated by ${auth.accountId}`);
  await checkStudyLimit(deps).catch((error: unknown) => log.warn(`Study limit not applied: ${String(error)}`));
  return serviceInfo(deps);
}

function licenseStatus(payload: LicencePayload | undefined, deps: Deps, now: Date): LicenseStatus {
  const limits = limitsOf(deps, payload);
  const base: LicencePayload = payload ?? {
    LicenseId: '',
    LicenseType: 'Professional',
    LicensedTo: '',
    LicensePeriod: '',
    SupportPeriod: '',
    Distributor: EMPTY_DISTRIBUTOR,
    MaxNumberOfStudy: 0,
    MaxNumberOfWebConnection: 0,
    MaxNumberOfDicomConnection: 0,
    MaxNumberOfSharedStudy: 0,
    MaxNumberOfCXR: -1,
    SerialNumber: '',
  };
  return {
    ...base,
    // Without a licence nothing is typed: the client says "unlicensed, unlimited".
    LicenseType: payload ? base.LicenseType : ('' as LicencePayload['LicenseType']),
    IsEmpty: !payload,
    ProductName: PRODUCT_NAME,
    MaxCapacity: 0,
    Links: [],
    MaxNumberOfStudy: limits.studies,
    MaxNumberOfWebConnection: limits.webConnections,
    MaxNumberOfDicomConnection: limits.dicomConnections,
    MaxNumberOfSharedStudy: limits.monthlyShares,
    LicenseValid: payload ? periodIncludes(payload.LicensePeriod, now) : false,
    SupportValid: payload ? periodIncludes(payload.SupportPeriod, now) : false,
    Licensed: payload ? isLicensed(payload, now) : false,
  };
}

/** `GET /service/info`: the licence in force (limits after overrides) and the database's counts. */
export async function serviceInfo(deps: Deps): Promise<ServiceInfo> {
  const [installed, studies, accounts] = await Promise.all([installedLicence(deps), sql.countStudies(deps.db), sql.countAccounts(deps.db)]);
  const status = licenseStatus(installed?.payload, deps, new Date());
  return {
    LicenseId: status.LicenseId,
    LicenseStatus: status,
    DatabaseStatus: {
      Database: 'PostgreSQL',
      NumberOfAccounts: accounts,
      NumberOfStudies: studies,
      NeedMaintenance: false,
      AcceptingStudies: studyStoreOpen(deps.config),
    },
  };
}

const checks = new WeakMap<Deps['config'], Promise<void>>();

/**
 * Opens or closes C-STORE as the study count stands against the limit. Checks run one after
 * another (the watcher and an activation may ask at once; each may restart Orthanc).
 */
export function checkStudyLimit(deps: Deps): Promise<void> {
  const previous = checks.get(deps.config) ?? Promise.resolve();
  const next = previous
    .catch(() => undefined)
    .then(async () => {
      const { studies } = await effectiveLimits(deps);
      const open = studies === 0 || (await sql.countStudies(deps.db)) < studies;
      await setStudyStoreOpen(deps, open);
    });
  checks.set(deps.config, next);
  return next;
}

/**
 * Browser import: may a file of a study the archive does not hold yet be stored? No once the
 * archive holds the licensed number of studies. `pending` are the new studies this same import
 * already stored (the index sees them a moment later; counted once either way).
 */
export async function newStudyAccepted(deps: Deps, pending: ReadonlySet<string>): Promise<boolean> {
  const { studies } = await effectiveLimits(deps);
  return studies === 0 || (await sql.countStudiesWith(deps.db, [...pending])) < studies;
}

const WATCH_INTERVAL_MS = 3000;

/**
 * Checks the study limit every few seconds (and once at once). A study arriving between two
 * checks is accepted: the overshoot is what modalities send in one interval plus Orthanc's restart.
 */
export function watchStudyLimit(deps: Deps): { stop: () => void } {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    checkStudyLimit(deps)
      .catch((error: unknown) => log.warn(`Study limit check failed: ${String(error)}`))
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, WATCH_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
