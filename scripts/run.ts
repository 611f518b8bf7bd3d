/**
 * `npm start`: PostgreSQL and Orthanc as private child processes with their data under DATA_DIR,
 * then the adapter as a supervised child process (adapter/src/main.ts), restarted with backoff
 * when it dies (scripts/supervisor.ts). Ctrl-C (or SIGTERM) stops the adapter, then Orthanc, then
 * PostgreSQL, each waited for. If this launcher itself is killed, the kernel stops all three (a
 * parent-death signal, see scripts/services/process.ts). A second start reuses the data.
 *
 * ORTHANC_NODES and ADAPTER_REPLICAS above 1 run the same processes as a cluster on this machine,
 * behind nginx (scripts/services/cluster.ts): each Orthanc node and each replica is started here
 * exactly as the single one is.
 */
import { mkdirSync, chmodSync, readFileSync, readdirSync } from 'node:fs';
import { get as httpsGet } from 'node:https';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, orthancDicomPort, type Config } from '../adapter/src/config.ts';
import { createPool } from '../adapter/src/db/pool.ts';
import { migrate } from '../adapter/src/db/migrate.ts';
import { bootstrap, type BootstrapResult } from '../adapter/src/db/bootstrap.ts';
import { startPostgres, type RunningPostgres } from './services/postgres.ts';
import { startOrthanc, type RunningOrthanc } from './services/orthanc.ts';
import { ORTHANC_INDEX_DATABASE } from '../adapter/src/db/databases.ts';
import { refuseUnmigratedIndex } from './orthanc-index/state.ts';
import { loadOrCreateSecrets } from './services/secrets.ts';
import { portIsFree, stopStalePid } from './services/process.ts';
import { Supervisor } from './supervisor.ts';
import { clusterPorts, clusterSize, fronted, isCluster, replicaEnv, startOrthancNodes, type ClusterSize } from './services/cluster.ts';
import { startBalancer, type RunningBalancer } from './services/nginx.ts';
import { ensureSelfSigned } from '../adapter/src/http/tls.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const ADAPTER_MAIN = join(repoRoot, 'adapter', 'src', 'main.ts');

const env = { ...process.env };
let config: Config;
let size: ClusterSize;
try {
  size = clusterSize(env);
  // Validate what the user set before touching anything; the secrets come next.
  config = loadConfig({ ...env, PG_PASSWORD: 'x', ORTHANC_PASSWORD: 'x' });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

mkdirSync(config.dataDir, { recursive: true });
chmodSync(config.dataDir, 0o711);
const logs = join(config.dataDir, 'logs');
mkdirSync(logs, { recursive: true });
const run = join(config.dataDir, 'run');
mkdirSync(run, { recursive: true });
const secrets = loadOrCreateSecrets(config.dataDir);
const adapterEnv = { ...env, DATA_DIR: config.dataDir, PG_PASSWORD: secrets.pgPassword, ORTHANC_PASSWORD: secrets.orthancPassword };
config = loadConfig(adapterEnv);

let postgres: RunningPostgres | undefined;
let orthancs: RunningOrthanc[] = [];
const adapters: Supervisor[] = [];
let balancer: RunningBalancer | undefined;
let stopping = false;
let firstStart: BootstrapResult = {};

async function stop(code: number): Promise<never> {
  if (stopping) process.exit(code);
  stopping = true;
  console.log('\nStopping…');
  await Promise.all(adapters.map((adapter) => adapter.stop().catch((error: unknown) => console.error('adapter:', error))));
  await balancer?.stop().catch((error: unknown) => console.error('nginx:', error));
  await Promise.all(orthancs.map((orthanc) => orthanc.stop().catch((error: unknown) => console.error('Orthanc:', error))));
  await postgres?.stop().catch((error: unknown) => console.error('PostgreSQL:', error));
  console.log('Stopped.');
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** Says what happened when a service that should be running exits by itself. */
function watchService(name: string, service: RunningPostgres | RunningOrthanc | RunningBalancer): void {
  service.child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(
      `\n${name} stopped unexpectedly (${signal ?? `code ${code}`}); see ${logs}. The adapter answers 503 ` +
        'for what needs it. Stop with Ctrl-C and start again.',
    );
  });
}

/**
 * Migrations and the first administrator, before the adapter runs: the generated password is
 * then known to this process, which prints it once, and is never lost to an adapter that fails
 * to listen after creating the account (the adapter's own run of both finds nothing to do).
 */
async function prepareDatabase(): Promise<BootstrapResult> {
  const db = createPool(config.pg);
  try {
    await migrate(db);
    return await bootstrap(db, config);
  } finally {
    await db.end();
  }
}

function signInHint(): string[] {
  const admin = firstStart.admin;
  if (admin?.generated) {
    return [
      `Sign in as "${admin.id}" with the password ${admin.password}`,
      'This password is shown only once: write it down, then change it under your profile.',
    ];
  }
  if (admin) return [`Sign in as "${admin.id}" with the password from ADMIN_PASSWORD.`];
  return ['Sign in with your account. Press Ctrl-C to stop.'];
}

/**
 * Whether the adapter answers over its own HTTPS. The probe goes to this machine's own adapter
 * over loopback, so the certificate (self-signed, or issued for the public name) is not checked.
 */
function httpsAnswers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = httpsGet(url, { rejectUnauthorized: false, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

try {
  console.log(`Data folder: ${config.dataDir}`);
  // Adapters left by a launcher that was killed without setpriv's parent-death signal.
  for (const file of readdirSync(run).filter((name) => /^adapter(-\d+)?\.pid$/.test(name))) {
    await stopStalePid(Number(readFileSync(join(run, file), 'utf8')), 'SIGTERM', 15_000, ADAPTER_MAIN);
  }
  const cluster = isCluster(size);
  if (cluster && config.httpRedirectPort !== null) throw new Error('HTTP_REDIRECT_PORT is not available in a cluster yet: leave it empty.');
  const orthancHttpPort = Number(new URL(config.orthanc.url).port);
  const ports = clusterPorts(size, config.port, orthancHttpPort, config.dicomPort, config.dicomFront.internalPort);
  for (const port of cluster ? [ports.front, ...ports.adapters] : [config.port]) {
    if (!(await portIsFree(port, port === config.port ? config.host : '127.0.0.1'))) {
      throw new Error(
        `Port ${port} (the adapter's${cluster ? " or a replica's: PORT and the ports after it" : ''}) is in use by another program. Set PORT to a free port.`,
      );
    }
  }
  if (config.httpRedirectPort !== null && !(await portIsFree(config.httpRedirectPort, config.host))) {
    throw new Error(`HTTP_REDIRECT_PORT ${config.httpRedirectPort} is in use by another program. Choose a free port.`);
  }
  postgres = await startPostgres({
    dataDir: join(config.dataDir, 'postgres'),
    port: config.pg.port,
    user: config.pg.user,
    password: config.pg.password,
    database: config.pg.database,
    moreDatabases: [ORTHANC_INDEX_DATABASE],
    logFile: join(logs, 'postgres.log'),
  });
  watchService('PostgreSQL', postgres);
  console.log(`PostgreSQL  127.0.0.1:${config.pg.port}`);
  // Orthanc's index is in PostgreSQL: a data folder from before still has it in SQLite.
  const pgServer = { host: '127.0.0.1', port: config.pg.port, user: config.pg.user, password: config.pg.password };
  await refuseUnmigratedIndex(join(config.dataDir, 'orthanc'), pgServer, ORTHANC_INDEX_DATABASE);
  const orthancOptions = {
    index: { kind: 'postgresql' as const, ...pgServer, database: ORTHANC_INDEX_DATABASE },
    aet: config.dicomAet,
    user: config.orthanc.user,
    password: config.orthanc.password,
  };
  if (cluster) {
    const dicomFront = config.dicomFront.enabled;
    orthancs = await startOrthancNodes(
      { ...orthancOptions, dicomFront, dicomTlsDir: config.dicomFront.tlsDir },
      config.dataDir,
      logs,
      ports,
    );
    orthancs.forEach((node, k) => {
      watchService(`Orthanc node ${k + 1}`, node);
      const { dicom, internal } = ports.nodes[k]!;
      const through = fronted(ports, k, dicomFront) ? ` through adapter-${k + 1}'s front receiver (Orthanc on ${internal})` : '';
      console.log(
        `Orthanc     node ${k + 1}: ${node.url} (loopback${k === 0 ? ', jobs' : ''}), DICOM ${config.dicomAet}@${dicom}${through}`,
      );
    });
  } else {
    const orthanc = await startOrthanc({
      ...orthancOptions,
      dataDir: join(config.dataDir, 'orthanc'),
      httpPort: orthancHttpPort,
      // Behind the DICOM front receiver Orthanc listens on the internal port (the front has DICOM_PORT).
      dicomPort: orthancDicomPort(config),
      // Behind the front, Orthanc's DICOM port takes TLS with the front's certificate only.
      dicomTlsDir: config.dicomFront.enabled ? config.dicomFront.tlsDir : undefined,
      logFile: join(logs, 'orthanc.log'),
    });
    orthancs = [orthanc];
    watchService('Orthanc', orthanc);
    console.log(
      config.dicomFront.enabled
        ? `Orthanc     ${config.orthanc.url} (loopback), DICOM ${config.dicomAet}@${config.dicomPort} through the front receiver (Orthanc on ${config.dicomFront.internalPort})`
        : `Orthanc     ${config.orthanc.url} (loopback), DICOM ${config.dicomAet}@${config.dicomPort}`,
    );
  }

  // nginx first: the replicas read Orthanc through it from their first second.
  if (cluster) {
    if (config.tls?.selfSigned && (await ensureSelfSigned(config.tls, config.host))) console.log('Made a self-signed HTTPS certificate.');
    balancer = await startBalancer({
      dir: join(run, 'nginx'),
      logFile: join(logs, 'nginx.log'),
      front: { host: config.host, port: ports.front, ...(config.tls ? { tls: config.tls } : {}) },
      adapterPorts: ports.adapters,
      orthanc: { port: ports.orthancBalancer, nodePorts: ports.nodes.map((node) => node.http) },
    });
    watchService('nginx', balancer);
  }

  firstStart = await prepareDatabase();
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const probeHost = ['0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
  // One replica after the other: the first runs what a first start does, the next find it done.
  for (let k = 0; k < size.adapters; k++) {
    const replica = cluster ? { ...adapterEnv, ...replicaEnv(ports, k, config.tls !== null, config.dicomFront.enabled) } : adapterEnv;
    const url = cluster ? `http://127.0.0.1:${ports.adapters[k]}` : `${config.tls ? 'https' : 'http'}://${probeHost}:${config.port}`;
    const name = cluster ? `adapter-${k + 1}` : 'adapter';
    const adapter = new Supervisor({
      name,
      command: process.execPath,
      args: ['--import', 'tsx', ADAPTER_MAIN],
      env: replica,
      cwd: repoRoot,
      logFile: join(logs, `${name}.log`),
      pidFile: join(run, `${name}.pid`),
      // The adapter keeps no state of its own (crash-safe by design): nothing is left to wait for.
      deathSignal: 'SIGKILL',
      ready: async () =>
        url.startsWith('https:')
          ? httpsAnswers(`${url}/viewer/api/product/info`)
          : (await fetch(`${url}/viewer/api/product/info`, { signal: AbortSignal.timeout(2000) })).ok,
      readyTimeoutMs: 120_000,
    });
    adapters.push(adapter);
    await adapter.start();
  }

  const scheme = config.tls ? 'https' : 'http';
  const pids = adapters.map((adapter) => adapter.pid).join(', ');
  console.log(
    `\nThe PACS is running: ${scheme}://${host.includes(':') ? `[${host}]` : host}:${config.port}/viewer/ (adapter pid ${pids}` +
      `${cluster ? `; ${size.orthancNodes} Orthanc nodes, ${size.adapters} replicas behind nginx` : ''})`,
  );
  if (config.tls?.selfSigned) {
    console.log(
      `HTTPS uses a self-signed certificate (${config.tls.certFile}): browsers warn once. Set TLS_CERT and TLS_KEY to use your own.`,
    );
  }
  if (config.httpRedirectPort !== null) console.log(`Plain HTTP on port ${config.httpRedirectPort} redirects to HTTPS.`);
  for (const line of signInHint()) console.log(line);
} catch (error) {
  // A Ctrl-C during the start makes the start fail; that stop is already under way.
  if (!stopping) {
    console.error(`\nCould not start: ${error instanceof Error ? error.message : String(error)}`);
    // The administrator exists now: its generated password must not be lost with a failed start.
    if (firstStart.admin?.generated) for (const line of signInHint()) console.error(line);
    await stop(1);
  }
}
