/**
 * A cluster for a test file or a benchmark: a private PostgreSQL, Orthanc nodes on one index,
 * adapter replicas as child processes and nginx in front, on free ports in a temporary folder,
 * started by the code `npm start` uses for ORTHANC_NODES / ADAPTER_REPLICAS
 * (scripts/services/cluster.ts). The replicas are plain children (no supervisor), so that a test
 * can kill one and watch the others carry on, and start it again as npm start's supervisor would.
 * DICOM_FRONT in the test's environment (the product's default otherwise) puts the fronts on the
 * first nodes as npm start does. KEEP_TEST_DATA=1 keeps the folder.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { loadConfig, orthancLogName, type Config } from '../../adapter/src/config.ts';
import { ORTHANC_INDEX_DATABASE } from '../../adapter/src/db/databases.ts';
import { startPostgres, type RunningPostgres } from '../../scripts/services/postgres.ts';
import type { RunningOrthanc } from '../../scripts/services/orthanc.ts';
import { nodeDataDir, replicaEnv, startOrthancNodes, type ClusterPorts } from '../../scripts/services/cluster.ts';
import { startBalancer, type RunningBalancer } from '../../scripts/services/nginx.ts';
import { freePort, stopChild } from '../../scripts/services/process.ts';
import { spawnAdapter } from './adapter-process.ts';
import { TEST_ADMIN_PASSWORD } from './stack.ts';

export interface Cluster {
  /** nginx's front: what browsers use. */
  baseUrl: string;
  /** Each replica's own address (bypassing nginx). */
  adapterUrls: string[];
  ports: ClusterPorts;
  config: Config;
  /** Whether the DICOM front receiver is on: replica k then answers node k's DICOM port. */
  dicomFront: boolean;
  dataDir: string;
  adminPassword: string;
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  /** GET on node k's REST API (JSON). */
  orthanc<T>(k: number, path: string): Promise<T>;
  /** The replica (index from 0) whose process holds the study index's follower lock, if any. */
  followerHolder(): Promise<number | undefined>;
  adapterPid(k: number): number | undefined;
  killAdapter(k: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts replica k again after a kill (its front, if any, takes over its spool). */
  restartAdapter(k: number): Promise<void>;
  /** SIGKILLs Orthanc node k itself (not its keeper shell): a crash, not a stop. */
  killOrthanc(k: number): Promise<void>;
  stop(): Promise<void>;
}

/** The study index follower's advisory lock key (adapter/src/study-index/follower.ts). */
const FOLLOWER_LOCK = 724_110_003;

export async function startCluster(options: { orthancNodes: number; adapters: number }): Promise<Cluster> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pacs-cluster-'));
  chmodSync(dataDir, 0o711);
  const free = (count: number) => Promise.all(Array.from({ length: count }, () => freePort()));
  const [pgPort, front, orthancBalancer, ...rest] = await free(3 + 3 * options.orthancNodes + options.adapters);
  const ports: ClusterPorts = {
    front: front!,
    orthancBalancer: orthancBalancer!,
    nodes: Array.from({ length: options.orthancNodes }, (_, k) => ({
      http: rest[3 * k]!,
      dicom: rest[3 * k + 1]!,
      internal: rest[3 * k + 2]!,
    })),
    adapters: rest.slice(3 * options.orthancNodes),
  };
  const baseEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    PG_PORT: String(pgPort),
    ORTHANC_HTTP_PORT: String(orthancBalancer),
    DICOM_AET: 'PACS',
    PG_PASSWORD: 'test-pg-password',
    ORTHANC_PASSWORD: 'test-orthanc-password',
    ADMIN_ID: 'admin',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
    // Each node's log, in the data folder itself here (npm start's are under logs/).
    ORTHANC_LOG_FILES: Array.from({ length: options.orthancNodes }, (_, k) => join(dataDir, orthancLogName(k))).join(','),
  };
  const given = process.env.DICOM_FRONT;
  const dicomFront = loadConfig({ ...baseEnv, ...(given ? { DICOM_FRONT: given } : {}) }).dicomFront.enabled;
  const replica = (k: number) => ({ ...baseEnv, ...replicaEnv(ports, k, false, dicomFront) });
  const config = loadConfig(replica(0));

  let postgres: RunningPostgres | undefined;
  let nodes: RunningOrthanc[] = [];
  let balancer: RunningBalancer | undefined;
  const children: (ChildProcess | undefined)[] = [];
  let pool: pg.Pool | undefined;

  const stop = async () => {
    await Promise.all(children.map((child) => (child ? stopChild(child, 'SIGTERM') : undefined)));
    await balancer?.stop().catch(() => undefined);
    await pool?.end().catch(() => undefined);
    await Promise.all(nodes.map((node) => node.stop().catch(() => undefined)));
    await postgres?.stop().catch(() => undefined);
    if (!process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
  };

  const startAdapter = async (k: number) => {
    children[k] = await spawnAdapter({
      env: { ...(process.env as Record<string, string>), ...replica(k) },
      logFile: join(dataDir, `adapter-${k + 1}.log`),
      url: `http://127.0.0.1:${ports.adapters[k]}`,
    });
  };

  try {
    postgres = await startPostgres({
      dataDir: join(dataDir, 'postgres'),
      port: pgPort!,
      user: config.pg.user,
      password: config.pg.password,
      database: config.pg.database,
      moreDatabases: [ORTHANC_INDEX_DATABASE],
      logFile: join(dataDir, 'postgres.log'),
      ephemeral: true,
    });
    const pgServer = { host: '127.0.0.1', port: pgPort!, user: config.pg.user, password: config.pg.password };
    nodes = await startOrthancNodes(
      {
        index: { kind: 'postgresql', ...pgServer, database: ORTHANC_INDEX_DATABASE },
        aet: config.dicomAet,
        user: config.orthanc.user,
        password: config.orthanc.password,
        dicomFront,
        dicomTlsDir: config.dicomFront.tlsDir,
      },
      dataDir,
      dataDir,
      ports,
    );
    balancer = await startBalancer({
      dir: join(dataDir, 'nginx'),
      logFile: join(dataDir, 'nginx.log'),
      front: { host: '127.0.0.1', port: ports.front },
      adapterPorts: ports.adapters,
      orthanc: { port: ports.orthancBalancer, nodePorts: ports.nodes.map((node) => node.http) },
    });
    // One replica after the other, as npm start does: the first runs the migrations.
    for (let k = 0; k < options.adapters; k++) await startAdapter(k);
    pool = new pg.Pool({ ...config.pg, max: 4 });
    pool.on('error', () => undefined);
  } catch (error) {
    await stop();
    throw error;
  }

  const sqlPool = pool;
  const sql = async <T extends pg.QueryResultRow>(text: string, params?: unknown[]) => (await sqlPool.query<T>(text, params)).rows;
  const authorization = 'Basic ' + Buffer.from(`${config.orthanc.user}:${config.orthanc.password}`).toString('base64');
  return {
    baseUrl: `http://127.0.0.1:${ports.front}`,
    adapterUrls: ports.adapters.map((port) => `http://127.0.0.1:${port}`),
    ports,
    config,
    dicomFront,
    dataDir,
    adminPassword: TEST_ADMIN_PASSWORD,
    sql,
    orthanc: async <T>(k: number, path: string) => {
      const response = await fetch(`http://127.0.0.1:${ports.nodes[k]!.http}${path}`, { headers: { authorization } });
      if (!response.ok) throw new Error(`Orthanc node ${k + 1} answered ${response.status} to ${path}`);
      return (await response.json()) as T;
    },
    followerHolder: async () => {
      const rows = await sql<{ application_name: string }>(
        `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where l.locktype = 'advisory' and l.objid = $1 and l.granted`,
        [FOLLOWER_LOCK],
      );
      const pid = Number(rows[0]?.application_name.split(' ')[1]);
      const k = children.findIndex((child) => child?.pid === pid);
      return k < 0 ? undefined : k;
    },
    adapterPid: (k) => children[k]?.pid,
    killAdapter: async (k, signal = 'SIGKILL') => {
      const child = children[k];
      children[k] = undefined;
      if (child) await stopChild(child, signal);
    },
    restartAdapter: startAdapter,
    killOrthanc: async (k) => {
      const pid = Number(readFileSync(join(nodeDataDir(dataDir, k), 'orthanc.pid'), 'utf8'));
      process.kill(pid, 'SIGKILL');
      await new Promise<void>((resolve) => (nodes[k]!.child.exitCode !== null ? resolve() : nodes[k]!.child.once('exit', () => resolve())));
    },
    stop,
  };
}
