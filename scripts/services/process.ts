/**
 * Small helpers shared by the PostgreSQL and Orthanc launchers: free ports, waiting for a
 * service to answer, and stopping a child process (or a stale one left by a crash).
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { openSync, readFileSync, existsSync } from 'node:fs';

const SETPRIV = '/usr/bin/setpriv';
/** util-linux's setpriv (Debian: always installed): sets the parent-death signal, then execs. */
export const hasSetpriv = process.platform === 'linux' && existsSync(SETPRIV);

/**
 * The command line that runs `command` so that the kernel sends it `signal` when the process
 * that started it dies, even by SIGKILL (prctl PR_SET_PDEATHSIG through `setpriv --pdeathsig`;
 * setpriv execs, so the pid stays the service's own). Only a direct child gets the signal: a
 * service that daemonises itself (pg_ctl) would escape it. `privileges` are further setpriv
 * options such as --reuid; they are applied before the signal is set, because a change of user
 * clears it. Without setpriv (not Linux) the command runs as it is.
 */
export function dieWithParent(signal: NodeJS.Signals, command: string, args: string[], privileges: string[] = []): [string, string[]] {
  if (!hasSetpriv) {
    if (privileges.length > 0) throw new Error('setpriv (util-linux) is needed to run this service as another user.');
    return [command, args];
  }
  return [SETPRIV, [...privileges, `--pdeathsig=${signal}`, command, ...args]];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

export async function waitFor(
  what: string,
  probe: () => Promise<boolean>,
  timeoutMs: number,
  child?: ChildProcess,
  logFile?: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      const how = child.exitCode !== null ? `with code ${child.exitCode}` : `on ${child.signalCode}`;
      throw new Error(`${what} exited ${how} while starting.${logTail(logFile)}`);
    }
    if (await probe().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s.${logTail(logFile)}`);
}

function logTail(logFile?: string): string {
  if (!logFile || !existsSync(logFile)) return '';
  const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-15);
  return `\nLast lines of ${logFile}:\n${lines.join('\n')}`;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Starts a child in its own process group with stdout and stderr appended to a log file. */
export function spawnLogged(command: string, args: string[], logFile: string, options: SpawnOptions = {}): ChildProcess {
  const out = openSync(logFile, 'a');
  // detached: Ctrl-C in the terminal reaches only the launcher, which then stops the services in
  // order (adapter, Orthanc, PostgreSQL) instead of all at once.
  return spawn(command, args, { ...options, detached: true, stdio: ['ignore', out, out] });
}

/** Sends a signal and waits for the process to exit; escalates to SIGKILL after the grace time. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** True while the process exists and is not a zombie (a container's init may not reap orphans). */
export function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) S ..."; comm may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/** The process's command line (Linux), or undefined when it cannot be read. */
function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}

/**
 * Stops a process left running by an earlier launcher that died without cleaning up. `mark`, a
 * string its command line must contain (its data folder, its script), guards against a pid
 * file whose number now belongs to an unrelated process.
 */
export async function stopStalePid(pid: number, signal: NodeJS.Signals, graceMs = 15_000, mark?: string): Promise<void> {
  if (!Number.isInteger(pid) || pid <= 0 || !pidIsAlive(pid)) return;
  const line = commandLine(pid);
  if (mark !== undefined && line !== undefined && !line.includes(mark)) return;
  const send = (what: NodeJS.Signals) => {
    try {
      process.kill(pid, what);
    } catch {
      // It exited meanwhile.
    }
  };
  send(signal);
  const deadline = Date.now() + graceMs;
  while (pidIsAlive(pid) && Date.now() < deadline) await sleep(100);
  if (!pidIsAlive(pid)) return;
  send('SIGKILL');
  // SIGKILL cannot be refused; the wait covers the kernel releasing its ports and files.
  while (pidIsAlive(pid) && Date.now() < deadline + 5000) await sleep(100);
}
