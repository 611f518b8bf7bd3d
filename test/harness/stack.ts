/**
 * A whole stack for a test file: a private PostgreSQL and Orthanc on free ports in a temporary
 * folder, and the adapter in this process. Everything is stopped and deleted by stop(), also
 * when starting fails half-way. Set KEEP_TEST_DATA=1 to keep the folder for a post-mortem.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { loadConfig, type Config } from '../../adapter/src/config.ts';
import { startAdapter, type RunningAdapter } from '../../adapter/src/server.ts';
import { startPostgres, type RunningPostgres } from '../../scripts/services/postgres.ts';
import { startOrthanc, type OrthancIndex, type RunningOrthanc } from '../../scripts/services/orthanc.ts';
import { ORTHANC_INDEX_DATABASE } from '../../adapter/src/db/databases.ts';
import { freePort, stopChild } from '../../scripts/services/process.ts';
import { spawnAdapter } from './adapter-process.ts';
import { loadOrCreateSecrets } from '../../scripts/services/secrets.ts';
import { registerDicomReceiver, spoolDrained } from './dicom.ts';
import type { ChildProcess } from 'node:child_process';

export interface StackOptions {
  edition?: string;
  /**
   * 'child' runs the adapter as its own process (adapter/src/main.ts), as in production: for
   * benchmarks (no shared event loop with the test) and for tests that kill it.
   */
  adapter?: 'in-process' | 'child';
  /** Extra environment for the adapter's configuration. */
  env?: Record<string, string>;
  /**
   * Run on this existing data folder (a restored backup) instead of a new temporary one: its
   * secrets.json gives the passwords, and stop() leaves the folder to the caller.
   */
  dataDir?: string;
  /** Orthanc's index: PostgreSQL as the product runs it (default), or SQLite (the benchmark's comparison). */
  orthancIndex?: 'postgresql' | 'sqlite';
  /**
   * PostgreSQL as npm start runs it (fsync, full-page writes and synchronous commits where the
   * product asks for them), not the tests' trade of durability for speed: for the benchmark of
   * Orthanc's index, whose SQLite rival keeps its own durability.
   */
  durablePostgres?: boolean;
  /**
   * Runs once PostgreSQL and Orthanc are up, before the adapter starts: how a restored copy on
   * the original's machine is given its own DICOM port (its database holds the original's).
   */
  beforeAdapter?: (config: Config, sql: (text: string, params?: unknown[]) => Promise<unknown>) => Promise<void>;
}

export interface Stack {
  /** e.g. http://127.0.0.1:41234 — the client is at `${baseUrl}/viewer/`. */
  baseUrl: string;
  adminId: string;
  adminPassword: string;
  config: Config;
  dataDir: string;
  /** The in-process adapter; undefined when it runs as a child process. */
  adapter: RunningAdapter | undefined;
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  /** Child mode only: kill the adapter process (signal SIGKILL simulates a crash). */
  stopAdapter(signal?: NodeJS.Signals): Promise<void>;
  startAdapter(): Promise<void>;
  /** Child mode only: the adapter's process id (for memory readings). */
  adapterPid(): number | undefined;
  stopOrthanc(): Promise<void>;
  startOrthanc(): Promise<void>;
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  stop(): Promise<void>;
}

export const TEST_ADMIN_PASSWORD = 'admin-password-1';

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'pacs-test-'));
  chmodSync(dataDir, 0o711);
  const secrets = options.dataDir ? loadOrCreateSecrets(options.dataDir) : undefined;
  const [pgPort, orthancHttpPort, dicomPort, httpPort, internalDicomPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const configEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(httpPort),
    PG_PORT: String(pgPort),
    ORTHANC_HTTP_PORT: String(orthancHttpPort),
    DICOM_PORT: String(dicomPort),
    DICOM_AET: 'PACS',
    // Orthanc's DICOM port behind the front receiver, used when a test sets DICOM_FRONT=on.
    DICOM_INTERNAL_PORT: String(internalDicomPort),
    PG_PASSWORD: secrets?.pgPassword ?? 'test-pg-password',
    ORTHANC_PASSWORD: secrets?.orthancPassword ?? 'test-orthanc-password',
    ADMIN_ID: 'admin',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    EDITION: options.edition ?? 'on_premises',
    // Orthanc's log is beside the others in the test's data folder (not under logs/, as npm start's).
    ORTHANC_LOG_FILES: join(dataDir, 'orthanc.log'),
    // CLIENT_DIR runs browser tests against a build of one's own (others may be rebuilding client/dist).
    ...(process.env.CLIENT_DIR ? { CLIENT_DIR: process.env.CLIENT_DIR } : {}),
    // DICOM_FRONT=on|off in the test's environment runs every stack with the front receiver on or
    // off (a test's own env still wins): how the DICOM suites are run both ways.
    ...(process.env.DICOM_FRONT ? { DICOM_FRONT: process.env.DICOM_FRONT } : {}),
    ...options.env,
  };
  const config = loadConfig(configEnv);

  let postgres: RunningPostgres | undefined;
  let orthanc: RunningOrthanc | undefined;
  let adapter: RunningAdapter | undefined;
  let child: ChildProcess | undefined;
  let pool: pg.Pool | undefined;
  const baseUrl = `${config.tls ? 'https' : 'http'}://127.0.0.1:${httpPort}`;

  const launchAdapter = async () => {
    if (options.adapter !== 'child') {
      adapter = await startAdapter(config);
      return;
    }
    child = await spawnAdapter({
      env: { ...(process.env as Record<string, string>), ...configEnv },
      logFile: join(dataDir, 'adapter.log'),
      url: baseUrl,
    });
  };
  const killAdapter = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child) await stopChild(child, signal);
    child = undefined;
  };

  const launchPostgres = async () => {
    postgres = await startPostgres({
      dataDir: join(dataDir, 'postgres'),
      port: pgPort,
      user: config.pg.user,
      password: config.pg.password,
      database: config.pg.database,
      moreDatabases: [ORTHANC_INDEX_DATABASE],
      logFile: join(dataDir, 'postgres.log'),
      ephemeral: !options.durablePostgres,
    });
  };
  const orthancIndex: OrthancIndex =
    options.orthancIndex === 'sqlite'
      ? { kind: 'sqlite' }
      : {
          kind: 'postgresql',
          host: '127.0.0.1',
          port: pgPort,
          user: config.pg.user,
          password: config.pg.password,
          database: ORTHANC_INDEX_DATABASE,
        };
  const launchOrthanc = async () => {
    orthanc = await startOrthanc({
      dataDir: join(dataDir, 'orthanc'),
      index: orthancIndex,
      httpPort: orthancHttpPort,
      dicomPort: config.dicomFront.enabled ? config.dicomFront.internalPort : dicomPort,
      dicomTlsDir: config.dicomFront.enabled ? config.dicomFront.tlsDir : undefined,
      aet: config.dicomAet,
      user: config.orthanc.user,
      password: config.orthanc.password,
      logFile: join(dataDir, 'orthanc.log'),
    });
  };

  const stop = async () => {
    await adapter?.close().catch(() => undefined);
    await killAdapter().catch(() => undefined);
    await pool?.end().catch(() => undefined);
    await orthanc?.stop().catch(() => undefined);
    await postgres?.stop().catch(() => undefined);
    if (!process.env.KEEP_TEST_DATA && !options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // Orthanc's index is in PostgreSQL: the cluster and its database first.
    await launchPostgres();
    await launchOrthanc();
    pool = new pg.Pool({ ...config.pg, max: 4 });
    pool.on('error', () => undefined);
    const early = pool;
    await options.beforeAdapter?.(config, (text, params) => early.query(text, params));
    await launchAdapter();
  } catch (error) {
    await stop();
    throw error;
  }

  const sqlPool = pool;
  /**
   * Resolves once the study index's follower has applied every change Orthanc has: a test that
   * finds a study in the index must find all of it (the DICOM tools once blocked this process, and
   * the in-process follower with it, until storescu was done; with the front on, the drain hands
   * a study over instance by instance).
   */
  const indexCaughtUp = async () => {
    const authorization = 'Basic ' + Buffer.from(`${config.orthanc.user}:${config.orthanc.password}`).toString('base64');
    const deadline = Date.now() + 60_000;
    for (;;) {
      // Orthanc down (a test stopped it): nothing it could hand the index.
      const answer = await fetch(`${config.orthanc.url}/changes?last`, { headers: { authorization } }).catch(() => null);
      if (!answer?.ok) return;
      const { Last } = (await answer.json()) as { Last: number };
      const [cursor] = (await sqlPool.query<{ last_seq: string }>('select last_seq from orthanc_changes_cursor')).rows;
      if (cursor && Number(cursor.last_seq) >= Last) return;
      if (Date.now() > deadline) throw new Error(`the study index did not catch up with Orthanc (change ${Last})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  // Every send of the DICOM helpers waits for the front receiver's spool to drain (when it is on)
  // and for the index to take what Orthanc holds: the adapter's follower runs while storescu
  // sends, and a study found in the index may still miss its last instances.
  const unregister = registerDicomReceiver(config.dicomPort, async () => {
    if (config.dicomFront.enabled) await spoolDrained(dataDir, config.dicomPort);
    await indexCaughtUp();
  });
  return {
    baseUrl,
    adminId: config.adminId,
    adminPassword: TEST_ADMIN_PASSWORD,
    config,
    dataDir,
    adapter,
    sql: async <T extends pg.QueryResultRow>(text: string, params?: unknown[]) => (await sqlPool.query<T>(text, params)).rows,
    stopAdapter: killAdapter,
    adapterPid: () => child?.pid,
    startAdapter: launchAdapter,
    stopOrthanc: async () => {
      await orthanc?.stop();
    },
    startOrthanc: launchOrthanc,
    stopPostgres: async () => {
      await postgres?.stop();
    },
    startPostgres: launchPostgres,
    stop: async () => {
      unregister();
      await stop();
    },
  };
}
