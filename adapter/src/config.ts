/**
 * Configuration from environment variables, validated once at start. Every problem is reported
 * together, in words an administrator can act on.
 */
import { join, resolve } from 'node:path';
import { isEdition, isAeTitle, type Edition } from '@pacs/common';
import { parseFsyncMode, type FsyncMode } from './features/dicom-front/durability.ts';
import { SELF_SIGNED_DIR, isLoopbackHost, tlsFileProblems, type TlsFiles } from './http/tls.ts';

export interface Config {
  host: string;
  /** The adapter's port: HTTPS when `tls` is set, else plain HTTP. */
  port: number;
  /**
   * HTTPS: the files named by TLS_CERT and TLS_KEY, or a self-signed pair under DATA_DIR (made at
   * the first start) when none is named, HOST is not loopback, no trusted proxy sits in front
   * (TRUST_PROXY 0) and TLS_SELF_SIGNED is not false. null: plain HTTP.
   */
  tls: TlsFiles | null;
  /** A plain-HTTP port that redirects every request to HTTPS on `port`; null: none. */
  httpRedirectPort: number | null;
  dataDir: string;
  dicomPort: number;
  dicomAet: string;
  /**
   * The DICOM front receiver (docs/decisions.md "A front receiver for DICOM ingest"): DICOM_FRONT
   * on|off (default on). When on, the adapter answers modalities on the provider's port and
   * Orthanc listens on `internalPort` (DICOM_INTERNAL_PORT, default DICOM_PORT + 10000, or − 10000
   * past 65535); `fsync` (DICOM_FRONT_FSYNC each|group|off, true = each, false = off; default
   * group) says when a received file reaches the disk (features/dicom-front/durability.ts).
   * `internalHost` (DICOM_INTERNAL_HOST, default 127.0.0.1): where that Orthanc is (Compose: its
   * service). `listen` (DICOM_FRONT_LISTEN, default true): false for a cluster replica that fronts
   * no Orthanc node (scripts/services/cluster.ts); the front is on for the cluster, so this
   * replica too skips the fronts' loopback lines in Orthanc's logs, but it answers no DICOM port.
   * `tlsDir` (DICOM_INTERNAL_TLS_DIR, default DATA_DIR/tls/dicom-internal): the key pair that alone
   * opens Orthanc's internal port, TLS-only behind the front (features/dicom-front/internal-tls.ts).
   */
  dicomFront: { enabled: boolean; listen: boolean; internalHost: string; internalPort: number; tlsDir: string; fsync: FsyncMode };
  /**
   * `storageDir`: Orthanc's storage folder when the adapter can read it (same machine or shared
   * volume); frames and files are then read from it instead of relayed. null: always relay.
   */
  orthanc: {
    /** Where reads go: one Orthanc, or a balancer over the nodes of a cluster (all share one index). */
    url: string;
    /**
     * The cluster's jobs node (ORTHANC_JOBS_URL): forwards and edits run as Orthanc jobs, which live
     * in one process's memory, so they are created and polled on this node alone. Same as `url` on
     * one node.
     */
    jobsUrl: string;
    /**
     * Every Orthanc node (ORTHANC_NODE_URLS, comma-separated): each keeps its own copy of the DICOM
     * peers in memory, so the adapter pushes them to all. `[url]` on one node.
     */
    nodeUrls: string[];
    user: string;
    password: string;
    storageDir: string | null;
    /**
     * Orthanc's network.json (the provider's AE title, port, anonymous access), which the adapter
     * rewrites before restarting Orthanc; null when Orthanc's configuration is managed elsewhere.
     */
    networkFile: string | null;
    /**
     * Orthanc's worklist folder (orthanc-config "Worklists.Database"), where the adapter writes a
     * `.wl` file per scheduled worklist entry; null when the adapter cannot reach it (then the
     * worklist is kept in PostgreSQL only and modalities' C-FIND answers nothing).
     */
    worklistsDir: string | null;
    /**
     * Orthanc's log files, one per node (ORTHANC_LOG_FILES, comma-separated; default DATA_DIR/logs/
     * as scripts/run.ts writes them), followed for DICOM associations (features/network/
     * association-follower.ts). Empty: associations are neither counted nor listed.
     */
    logFiles: string[];
  };
  pg: { host: string; port: number; user: string; password: string; database: string };
  adminId: string;
  /** Unset: a random password is generated at first start and printed once. */
  adminPassword: string | undefined;
  edition: Edition;
  /** Folder with the built client (index.html and assets). */
  clientDir: string;
  /** Mark the session cookie Secure: COOKIE_SECURE (a TLS proxy in front), or the adapter's own HTTPS. */
  cookieSecure: boolean;
  /** Idle minutes after which a session ends. */
  sessionIdleMinutes: number;
  /** Trust X-Forwarded-* from this many proxies (Express "trust proxy"). */
  trustProxy: number;
  logRequests: boolean;
  /**
   * Overrides of the licence's limits (0 = unlimited; null = the licence decides): MAX_STUDIES,
   * MAX_WEB_CONNECTIONS, MAX_MONTHLY_SHARES, MAX_DICOM_CONNECTIONS (how many DICOM users may be
   * registered). Read through features/licence effectiveLimits, never directly.
   */
  maxStudies: number | null;
  maxWebConnections: number | null;
  maxMonthlyShares: number | null;
  maxDicomConnections: number | null;
  /**
   * LICENCE_KEYS: a PEM file or a folder of `.pem` files holding the Ed25519 public keys whose
   * licences this server accepts (default DATA_DIR/licence-keys). Missing: no key is trusted.
   */
  licenceKeys: string;
  /**
   * BACKUP_DIR: where `npm run backup` writes (default ./backups, as the backup command's), shown
   * with its capacity under Admin settings › Server › General.
   */
  backupDir: string;
  /**
   * Browser import caps: `fileBytes` per uploaded file (a longer file fails alone),
   * `requestBytes` per request (past it the request answers 413), and for each zip archive at
   * most `zipEntries` entries and `zipBytes` unpacked bytes (zip bombs).
   */
  import: { fileBytes: number; requestBytes: number; zipEntries: number; zipBytes: number };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

type Env = Record<string, string | undefined>;

const GIB = 1024 ** 3;

/** Orthanc node k's log file name (from 0) under DATA_DIR/logs, as scripts/run.ts and the cluster write it. */
export function orthancLogName(k: number): string {
  return k === 0 ? 'orthanc.log' : `orthanc-node-${k + 1}.log`;
}

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
      return fallback;
    }
    return value;
  };
  const str = (name: string, fallback: string): string => {
    const raw = env[name];
    return raw === undefined || raw === '' ? fallback : raw;
  };
  const fsyncMode = (name: string, fallback: FsyncMode): FsyncMode => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const mode = parseFsyncMode(raw);
    if (!mode) problems.push(`${name} must be each, group or off (or true = each, false = off; got "${raw}").`);
    return mode ?? fallback;
  };

  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}").`);
    return fallback;
  };

  const onOff = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.toLowerCase();
    if (raw === 'on') return true;
    if (raw === 'off') return false;
    return bool(name, fallback);
  };

  const dataDir = resolve(str('DATA_DIR', './.data'));
  const dicomPort = int('DICOM_PORT', 4242, 1, 65535);
  const orthancHttpPort = int('ORTHANC_HTTP_PORT', 8042, 1, 65535);
  const dicomAet = str('DICOM_AET', 'PACS');
  if (!isAeTitle(dicomAet))
    problems.push(`DICOM_AET must be 1 to 16 characters without backslash or surrounding spaces (got "${dicomAet}").`);
  const edition = str('EDITION', 'on_premises');
  if (!isEdition(edition))
    problems.push(`EDITION must be one of cloud, on_premises, pacs, teleradiology, md, media_viewer, sdmd, sdmd_cloud (got "${edition}").`);
  const adminId = str('ADMIN_ID', 'admin');
  if (!/^[\w.@+-]{2,256}$/.test(adminId))
    problems.push(`ADMIN_ID must be 2 to 256 letters, digits or e-mail characters (got "${adminId}").`);
  const orthancPassword = env.ORTHANC_PASSWORD ?? '';
  const pgPassword = env.PG_PASSWORD ?? '';
  if (orthancPassword === '') problems.push('ORTHANC_PASSWORD is required (the launcher generates it into DATA_DIR/secrets.json).');
  if (pgPassword === '') problems.push('PG_PASSWORD is required (the launcher generates it into DATA_DIR/secrets.json).');

  const host = str('HOST', '0.0.0.0');
  const port = int('PORT', 8080, 1, 65535);
  const trustProxy = int('TRUST_PROXY', 0, 0, 10);
  const tls = tlsFrom(env, problems, { host, dataDir, trustProxy, selfSigned: bool('TLS_SELF_SIGNED', true) });
  const httpRedirectPort = int('HTTP_REDIRECT_PORT', 0, 0, 65535) || null;
  if (httpRedirectPort !== null && !tls)
    problems.push('HTTP_REDIRECT_PORT redirects to HTTPS, which is off: set TLS_CERT and TLS_KEY (or leave HTTP_REDIRECT_PORT empty).');
  if (httpRedirectPort !== null && httpRedirectPort === port) problems.push(`HTTP_REDIRECT_PORT must differ from PORT (both ${port}).`);

  const orthancUrl = str('ORTHANC_URL', `http://127.0.0.1:${orthancHttpPort}`);
  const orthancJobsUrl = str('ORTHANC_JOBS_URL', orthancUrl);
  const orthancNodeUrls = str('ORTHANC_NODE_URLS', orthancJobsUrl)
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean);
  for (const url of [orthancUrl, orthancJobsUrl, ...orthancNodeUrls]) {
    if (!/^https?:\/\/[^\s/]+$/.test(url)) problems.push(`Orthanc's URLs must be http(s)://host:port without a path (got "${url}").`);
  }

  const config: Config = {
    host,
    port,
    tls,
    httpRedirectPort,
    dataDir,
    dicomPort,
    dicomAet,
    dicomFront: {
      enabled: onOff('DICOM_FRONT', true),
      listen: bool('DICOM_FRONT_LISTEN', true),
      internalHost: str('DICOM_INTERNAL_HOST', '127.0.0.1'),
      internalPort: int('DICOM_INTERNAL_PORT', dicomPort + 10000 <= 65535 ? dicomPort + 10000 : dicomPort - 10000, 1, 65535),
      tlsDir: resolve(str('DICOM_INTERNAL_TLS_DIR', join(dataDir, 'tls', 'dicom-internal'))),
      fsync: fsyncMode('DICOM_FRONT_FSYNC', 'group'),
    },
    orthanc: {
      url: orthancUrl,
      jobsUrl: orthancJobsUrl,
      nodeUrls: orthancNodeUrls,
      user: str('ORTHANC_USER', 'pacs'),
      password: orthancPassword,
      storageDir: env.ORTHANC_STORAGE_DIR === undefined ? join(dataDir, 'orthanc', 'storage') : env.ORTHANC_STORAGE_DIR || null,
      networkFile:
        env.ORTHANC_NETWORK_FILE === undefined ? join(dataDir, 'orthanc', 'config', 'network.json') : env.ORTHANC_NETWORK_FILE || null,
      worklistsDir: env.ORTHANC_WORKLISTS_DIR === undefined ? join(dataDir, 'orthanc', 'worklists') : env.ORTHANC_WORKLISTS_DIR || null,
      logFiles:
        env.ORTHANC_LOG_FILES === undefined
          ? orthancNodeUrls.map((_, k) => join(dataDir, 'logs', orthancLogName(k)))
          : env.ORTHANC_LOG_FILES.split(',')
              .map((each) => each.trim())
              .filter(Boolean),
    },
    pg: {
      host: str('PG_HOST', '127.0.0.1'),
      port: int('PG_PORT', 5433, 1, 65535),
      user: str('PG_USER', 'pacs'),
      password: pgPassword,
      database: str('PG_DATABASE', 'pacs'),
    },
    adminId,
    adminPassword: env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD,
    edition: isEdition(edition) ? edition : 'on_premises',
    clientDir: resolve(str('CLIENT_DIR', new URL('../../client/dist', import.meta.url).pathname)),
    cookieSecure: bool('COOKIE_SECURE', false) || tls !== null,
    sessionIdleMinutes: int('SESSION_IDLE_MINUTES', 720, 1, 60 * 24 * 30),
    trustProxy,
    logRequests: bool('LOG_REQUESTS', false),
    maxStudies: env.MAX_STUDIES ? int('MAX_STUDIES', 0, 0, 1_000_000_000) : null,
    maxWebConnections: env.MAX_WEB_CONNECTIONS ? int('MAX_WEB_CONNECTIONS', 0, 0, 100_000) : null,
    maxMonthlyShares: env.MAX_MONTHLY_SHARES ? int('MAX_MONTHLY_SHARES', 0, 0, 10_000_000) : null,
    maxDicomConnections: env.MAX_DICOM_CONNECTIONS ? int('MAX_DICOM_CONNECTIONS', 0, 0, 100_000) : null,
    licenceKeys: resolve(str('LICENCE_KEYS', join(dataDir, 'licence-keys'))),
    backupDir: resolve(str('BACKUP_DIR', './backups')),
    import: {
      fileBytes: int('IMPORT_MAX_FILE_BYTES', 2 * GIB, 1024, Number.MAX_SAFE_INTEGER),
      requestBytes: int('IMPORT_MAX_REQUEST_BYTES', 4 * GIB, 1024, Number.MAX_SAFE_INTEGER),
      zipEntries: int('IMPORT_MAX_ZIP_ENTRIES', 100_000, 1, 10_000_000),
      zipBytes: int('IMPORT_MAX_ZIP_BYTES', 8 * GIB, 1024, Number.MAX_SAFE_INTEGER),
    },
  };
  if (config.dicomFront.enabled && config.dicomFront.internalPort === config.dicomPort)
    problems.push('DICOM_INTERNAL_PORT must differ from DICOM_PORT when DICOM_FRONT is on.');
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * The port Orthanc itself answers DICOM on: the internal one behind the front receiver, else the
 * published one. What reaches Orthanc alone (a bench with the adapter stopped, its network.json).
 */
export function orthancDicomPort(config: Pick<Config, 'dicomPort' | 'dicomFront'>): number {
  return config.dicomFront.enabled ? config.dicomFront.internalPort : config.dicomPort;
}

/**
 * TLS_CERT and TLS_KEY together (both checked: readable, PEM, the key the certificate's), or the
 * self-signed pair's place under DATA_DIR when the adapter would otherwise serve patient data in
 * clear text to the network, or null.
 */
function tlsFrom(
  env: Env,
  problems: string[],
  where: { host: string; dataDir: string; trustProxy: number; selfSigned: boolean },
): TlsFiles | null {
  const certFile = env.TLS_CERT ? resolve(env.TLS_CERT) : '';
  const keyFile = env.TLS_KEY ? resolve(env.TLS_KEY) : '';
  if (certFile && keyFile) {
    const found = tlsFileProblems(certFile, keyFile);
    problems.push(...found);
    return found.length === 0 ? { certFile, keyFile, selfSigned: false } : null;
  }
  if (certFile || keyFile) {
    problems.push(
      `${certFile ? 'TLS_KEY' : 'TLS_CERT'} is missing: HTTPS needs both TLS_CERT (the certificate) and TLS_KEY (its private key).`,
    );
    return null;
  }
  if (!where.selfSigned || where.trustProxy > 0 || isLoopbackHost(where.host)) return null;
  const folder = join(where.dataDir, SELF_SIGNED_DIR);
  return { certFile: join(folder, 'cert.pem'), keyFile: join(folder, 'key.pem'), selfSigned: true };
}
