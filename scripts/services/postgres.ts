/**
 * A private PostgreSQL cluster from Debian's binaries: created on first use with initdb, started
 * as a child process on a loopback port, stopped with a fast shutdown. Debian's initdb and
 * postgres refuse to run as root, so as root they run as the `postgres` user.
 */
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { ensureDatabases } from '../../adapter/src/db/databases.ts';
import { dieWithParent, sleep, spawnLogged, stopChild, stopStalePid, waitFor, portIsFree } from './process.ts';

export interface PostgresOptions {
  dataDir: string;
  port: number;
  user: string;
  password: string;
  /** The product's database, created when missing. */
  database: string;
  /** Further databases to create when missing (Orthanc's index: ORTHANC_INDEX_DATABASE). */
  moreDatabases?: readonly string[];
  logFile: string;
  /** Tests: trade durability for speed (fsync off). Never for real data. */
  ephemeral?: boolean;
}

/**
 * Server settings every PostgreSQL of the product runs with, natively and in Docker Compose (whose
 * `postgres` command passes the same; test/api/compose-file.test.ts checks it).
 */
export const SERVER_SETTINGS: Readonly<Record<string, string>> = { max_connections: '200' };

export interface RunningPostgres {
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Debian's PostgreSQL binaries (server and client tools such as pg_dump), newest version first. */
export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql. Run scripts/ensure-system.sh.');
  return join(root, versions[0]!, 'bin');
}

const asRoot = process.getuid?.() === 0;

const AS_POSTGRES = ['--reuid=postgres', '--regid=postgres', '--init-groups'];

/** As root, run as the postgres user (setpriv execs, so the child's pid is the server's own). */
function command(bin: string, args: string[]): [string, string[]] {
  return asRoot ? ['setpriv', [...AS_POSTGRES, bin, ...args]] : [bin, args];
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

function initCluster(options: PostgresOptions, bin: string): void {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  // The cluster's folder must be reachable by the postgres user through its parents.
  chmodSync(join(options.dataDir, '..'), 0o711);
  const pwfile = join(tmpdir(), `pacs-pg-pw-${process.pid}-${Date.now()}`);
  writeFileSync(pwfile, options.password + '\n', { mode: 0o600 });
  try {
    if (asRoot) {
      const { uid, gid } = postgresIds();
      chownSync(options.dataDir, uid, gid);
      chownSync(pwfile, uid, gid);
    }
    chmodSync(options.dataDir, 0o700);
    const [cmd, args] = command(join(bin, 'initdb'), [
      '-D',
      options.dataDir,
      '-U',
      options.user,
      `--pwfile=${pwfile}`,
      '--auth-host=scram-sha-256',
      '--auth-local=scram-sha-256',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  } finally {
    rmSync(pwfile, { force: true });
  }
}

async function canConnect(options: PostgresOptions, database: string): Promise<boolean> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: options.port,
    user: options.user,
    password: options.password,
    database,
    connectionTimeoutMillis: 1000,
  });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  const bin = postgresBinDir();
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) initCluster(options, bin);

  // A server left by a launcher that died is normally gone (parent-death signal, below); one
  // that is still shutting down, or was started without setpriv, is stopped before starting again.
  const pidFile = join(options.dataDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid > 0) await stopStalePid(pid, 'SIGINT', 30_000, options.dataDir);
  }
  if (!(await portIsFree(options.port))) {
    throw new Error(`PostgreSQL port ${options.port} on 127.0.0.1 is in use by another program. Set PG_PORT to a free port.`);
  }

  const settings = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    ...Object.entries(SERVER_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ...(options.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
  ];
  // The postmaster itself is the direct child (not daemonised by pg_ctl), so that the kernel can
  // send it SIGINT (fast shutdown) if whoever started it dies without stopping it.
  const [cmd, args] = dieWithParent(
    'SIGINT',
    join(bin, 'postgres'),
    ['-D', options.dataDir, '-p', String(options.port), ...settings],
    asRoot ? AS_POSTGRES : [],
  );
  const child = spawnLogged(cmd, args, options.logFile);
  await waitFor('PostgreSQL', () => canConnect(options, 'postgres'), 30_000, child, options.logFile);

  await ensureDatabases({ host: '127.0.0.1', port: options.port, user: options.user, password: options.password }, [
    options.database,
    ...(options.moreDatabases ?? []),
  ]);

  return {
    port: options.port,
    child,
    stop: async () => {
      // SIGINT = fast shutdown: roll back open transactions, checkpoint, exit.
      await stopChild(child, 'SIGINT', 30_000);
      await sleep(0);
    },
  };
}
