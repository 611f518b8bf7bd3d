/**
 * Small helpers shared by the PostgreSQL and Orthanc launchers: free ports, waiting for a
 * service to answer, and stopping a child process (or a stale one left by a crash).
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { openSync, readFileSync, existsSync } from 'node:fs';

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
    if (child && child.exitCode !== null) {
      throw new Error(`${what} exited with code ${child.exitCode} while starting.${logTail(logFile)}`);
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

export function pidIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops a process left running by an earlier launcher that died without cleaning up. */
export async function stopStalePid(pid: number, signal: NodeJS.Signals, graceMs = 15_000): Promise<void> {
  if (!pidIsAlive(pid)) return;
  process.kill(pid, signal);
  const deadline = Date.now() + graceMs;
  while (pidIsAlive(pid) && Date.now() < deadline) await sleep(100);
  if (pidIsAlive(pid)) process.kill(pid, 'SIGKILL');
}
