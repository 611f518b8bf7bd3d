/**
 * Orthanc from Debian's package, with its configuration generated from orthanc-config/, its data
 * (files, worklists) under one folder and its index in the product's PostgreSQL. HTTP listens on
 * loopback only.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { dieWithParent, hasSetpriv, spawnLogged, stopChild, stopStalePid, waitFor, portIsFree } from './process.ts';
import { writeFirstNetworkFile } from '../../adapter/src/features/network/orthanc-network.ts';
import { ensureInternalTls, writeOrthancDicomTls } from '../../adapter/src/features/dicom-front/internal-tls.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ORTHANC_TEMPLATE = join(repoRoot, 'orthanc-config', 'orthanc.jsonc');

/**
 * Where Orthanc keeps its index: PostgreSQL (the product, always) or the SQLite file under its data
 * folder (only the benchmark's comparison and the tests that make an older data folder).
 */
export type OrthancIndex =
  { kind: 'postgresql'; host: string; port: number; user: string; password: string; database: string } | { kind: 'sqlite' };

export interface OrthancOptions {
  dataDir: string;
  index: OrthancIndex;
  httpPort: number;
  dicomPort: number;
  aet: string;
  user: string;
  password: string;
  logFile: string;
  /**
   * Behind the DICOM front receiver (DICOM_FRONT on, this node fronted): the folder of the
   * internal DICOM key pair (DICOM_INTERNAL_TLS_DIR), made here if absent. Orthanc's DICOM port is
   * then TLS-only and takes that certificate alone (adapter/src/features/dicom-front/internal-tls.ts).
   * Absent: plain DICOM, Orthanc answering modalities itself.
   */
  dicomTlsDir?: string;
  /**
   * One node of a cluster (scripts/services/cluster.ts): the index is shared with other Orthanc
   * processes (no lock, a name of its own), and the files and worklists are those of the data
   * folder `sharedDir` (the first node's); `dataDir` keeps this node's configuration and pid.
   */
  cluster?: { serverId: string; sharedDir: string };
  /**
   * false: no DICOM server at all (Orthanc acts only as a REST server). For the maintenance
   * Orthancs of the index migration and of restore, which run while the PACS is stopped and which
   * nothing but their script reaches: they need no DICOM port, and an open one would answer
   * registered AE titles without the front's address check or the internal port's TLS.
   */
  dicomServer?: boolean;
}

export interface RunningOrthanc {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Fills the template's ${NAME} placeholders; an unknown placeholder is an error, not a blank.
 * (Docker Compose leaves this to Orthanc, which fills them from its environment: see the
 * template's head.)
 */
export function renderOrthancConfig(template: string, values: Record<string, string | number | boolean>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`orthanc-config: no value for \${${name}}`);
    // Strings sit inside quotes in the template: escape them as JSON string content.
    return typeof value === 'string' ? JSON.stringify(value).slice(1, -1) : String(value);
  });
}

function pluginsDir(): string {
  const dir = process.env.ORTHANC_PLUGINS_DIR ?? '/usr/share/orthanc/plugins';
  for (const [file, name] of [
    ['libOrthancDicomWeb.so', 'DICOMweb plugin'],
    ['libOrthancPostgreSQLIndex.so', 'PostgreSQL index plugin (Debian package orthanc-postgresql)'],
  ] as const) {
    if (!existsSync(join(dir, file))) throw new Error(`Orthanc's ${name} was not found in ${dir}. Run scripts/ensure-system.sh.`);
  }
  return dir;
}

export async function orthancAnswers(url: string, user: string, password: string): Promise<boolean> {
  const response = await fetch(`${url}/system`, {
    headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') },
    signal: AbortSignal.timeout(1000),
  });
  return response.ok;
}

/** Orthanc's log options (also docker-compose.yml's orthanc command). */
export const ORTHANC_LOG_FLAGS = ['--verbose-dicom'];

/**
 * Orthanc's parent when it must not outlive the launcher. Orthanc stops cleanly on its first
 * SIGTERM but restores the default action as it begins to stop, so a second SIGTERM kills it
 * half-way; and the kernel sends a parent-death signal again each time the child passes from a
 * dying thread of its parent to another (a Node launcher has about ten threads). This one-thread
 * shell dies once (SIGKILL when the launcher dies), so Orthanc gets exactly one SIGTERM. For a
 * normal stop the shell passes SIGTERM/SIGINT on, waits for Orthanc and exits with its status. It
 * writes Orthanc's own pid, which the next start waits for if Orthanc is still stopping.
 */
const KEEPER = `
pidfile=$1; shift
setpriv --pdeathsig=SIGTERM Orthanc "$@" &
child=$!
echo $child > "$pidfile"
trap 'kill -TERM $child 2>/dev/null' TERM INT
status=0
while kill -0 $child 2>/dev/null; do wait $child; status=$?; done
exit $status
`;

function readDicomPort(file: string): number | undefined {
  try {
    const port = (JSON.parse(readFileSync(file, 'utf8')) as { DicomPort?: unknown }).DicomPort;
    return typeof port === 'number' ? port : undefined;
  } catch {
    return undefined;
  }
}

function setDicomPort(file: string, port: number): void {
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, `${JSON.stringify({ ...settings, DicomPort: port }, null, 2)}\n`, { mode: 0o600 });
}

/** The template's values for the index: the PostgreSQL section, or SQLite with that section off. */
export function indexPlaceholders(index: OrthancIndex): Record<string, string | number | boolean> {
  if (index.kind === 'sqlite') {
    // The plugin stays loaded (one template) but registers no index; its settings are not read.
    return {
      ORTHANC_PG_INDEX: false,
      ORTHANC_PG_HOST: '',
      ORTHANC_PG_PORT: 0,
      ORTHANC_PG_DATABASE: '',
      ORTHANC_PG_USER: '',
      ORTHANC_PG_PASSWORD: '',
    };
  }
  return {
    ORTHANC_PG_INDEX: true,
    ORTHANC_PG_HOST: index.host,
    ORTHANC_PG_PORT: index.port,
    ORTHANC_PG_DATABASE: index.database,
    ORTHANC_PG_USER: index.user,
    ORTHANC_PG_PASSWORD: index.password,
  };
}

/**
 * Where Orthanc keeps what, under its data folder: DICOM files, an older SQLite index (the file `index`),
 * worklist files, its configuration and the pid of the running process (read by the restore and
 * the index migration, which refuse to work under a running PACS).
 */
export function orthancFolders(dataDir: string) {
  return {
    storage: join(dataDir, 'storage'),
    index: join(dataDir, 'index'),
    worklists: join(dataDir, 'worklists'),
    config: join(dataDir, 'config'),
    pidFile: join(dataDir, 'orthanc.pid'),
  };
}

export async function startOrthanc(options: OrthancOptions): Promise<RunningOrthanc> {
  const folders = orthancFolders(options.dataDir);
  const shared = options.cluster ? orthancFolders(options.cluster.sharedDir) : folders;
  const dirs = {
    ORTHANC_STORAGE_DIR: shared.storage,
    ORTHANC_INDEX_DIR: folders.index,
    ORTHANC_WORKLISTS_DIR: shared.worklists,
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });

  // Orthanc reads every .json file of its configuration folder: orthanc.json from the template,
  // and network.json, the provider's settings, which the adapter rewrites at run time (it is
  // written here only on the first start, from DICOM_AET / DICOM_PORT).
  const configDir = folders.config;
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const configFile = join(configDir, 'orthanc.json');
  const networkFile = join(configDir, 'network.json');
  writeFirstNetworkFile(networkFile, options.aet, options.dicomPort);
  // A cluster node's DICOM port is the launcher's (no adapter rewrites it there): behind a front
  // or not, as DICOM_FRONT says at this start.
  if (options.cluster && readDicomPort(networkFile) !== options.dicomPort) setDicomPort(networkFile, options.dicomPort);
  const dicomPort = readDicomPort(networkFile) ?? options.dicomPort;
  writeOrthancDicomTls(configDir, options.dicomTlsDir ? await ensureInternalTls(options.dicomTlsDir) : null);
  const config = renderOrthancConfig(readFileSync(ORTHANC_TEMPLATE, 'utf8'), {
    ...dirs,
    ORTHANC_PLUGINS_DIR: pluginsDir(),
    ORTHANC_HTTP_PORT: options.httpPort,
    ORTHANC_USER: options.user,
    ORTHANC_PASSWORD: options.password,
    ORTHANC_REMOTE_ACCESS: false,
    ...indexPlaceholders(options.index),
    ORTHANC_PG_LOCK: !options.cluster,
    ORTHANC_SERVER_ID: options.cluster?.serverId ?? 'node-1',
    ORTHANC_DICOM_SERVER: options.dicomServer ?? true,
  });
  writeFileSync(configFile, config, { mode: 0o600 });

  const pidFile = folders.pidFile;
  if (existsSync(pidFile)) await stopStalePid(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM', 30_000, configDir);
  for (const [port, name, variable] of [
    [options.httpPort, 'HTTP', 'ORTHANC_HTTP_PORT'],
    [dicomPort, 'DICOM', 'DICOM_PORT'],
  ] as const) {
    if (!(await portIsFree(port, '0.0.0.0'))) {
      throw new Error(`Orthanc's ${name} port ${port} is in use by another program (a system Orthanc?). Set ${variable} to a free port.`);
    }
  }

  const url = `http://127.0.0.1:${options.httpPort}`;
  // TCP_NODELAY=1: DCMTK (inside Debian's Orthanc) reads it for every DICOM association, as SCP
  // (C-STORE received) and as SCU (forwarding); without it Nagle's algorithm holds each small
  // C-STORE response back until the peer's delayed ACK, and ingest runs 20–40× slower
  // (docs/decisions.md, "DICOM ingest speed"). The keeper shell passes its environment on.
  const env = { ...process.env, TCP_NODELAY: '1' };
  // --verbose-dicom: the category "dicom" alone logs every association (who called, accepted or
  // rejected, released or aborted), which the adapter reads for its statistics and live list
  // (docs/decisions.md "DICOM associations from Orthanc's log"); the other categories stay quiet.
  const args = [...ORTHANC_LOG_FLAGS, configDir];
  const child = hasSetpriv
    ? spawnLogged(...dieWithParent('SIGKILL', 'sh', ['-c', KEEPER, 'orthanc-keeper', pidFile, ...args]), options.logFile, { env })
    : spawnLogged('Orthanc', args, options.logFile, { env });
  if (!hasSetpriv && child.pid) writeFileSync(pidFile, String(child.pid));
  await waitFor('Orthanc', () => orthancAnswers(url, options.user, options.password), 60_000, child, options.logFile);
  return { url, child, stop: () => stopChild(child, 'SIGTERM', 30_000) };
}
