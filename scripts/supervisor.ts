/**
 * Keeps one child process running for `npm start`: when it dies (a crash, SIGKILL, the kernel's
 * out-of-memory killer) it is started again after a delay that doubles with each quick death and
 * returns to the first step once the child has stayed up a while. Each death and restart is
 * written to the console and to the child's log file, next to the child's own output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, rmSync, writeFileSync, type WriteStream } from 'node:fs';
import { dieWithParent, sleep, stopChild, waitFor } from './services/process.ts';

export interface Backoff {
  /** Wait before the first restart. */
  initialMs: number;
  /** The wait doubles with each quick death up to this. */
  maxMs: number;
  /** A child that stayed up this long died "late": the next wait is initialMs again. */
  resetAfterMs: number;
}

export const ADAPTER_BACKOFF: Backoff = { initialMs: 500, maxMs: 30_000, resetAfterMs: 60_000 };

/** The wait before the next start, given the previous wait (none yet) and how long the child ran. */
export function nextDelay(backoff: Backoff, previousMs: number | undefined, uptimeMs: number): number {
  if (previousMs === undefined || uptimeMs >= backoff.resetAfterMs) return backoff.initialMs;
  return Math.min(previousMs * 2, backoff.maxMs);
}

export interface SupervisorOptions {
  /** For messages: "adapter". */
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The child's stdout and stderr are appended here (and echoed to this process's stderr). */
  logFile: string;
  /** Holds the running child's pid, for operators and for clearing a stale child at next start. */
  pidFile: string;
  /** Sent by the kernel to the child if this process dies without stopping it. */
  deathSignal: NodeJS.Signals;
  /** True once the child serves. */
  ready(): Promise<boolean>;
  readyTimeoutMs: number;
  backoff?: Backoff;
}

export class Supervisor {
  private child: ChildProcess | undefined;
  private startedAt = 0;
  private delay: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private supervising = false;
  private stopping = false;
  private readonly log: WriteStream;
  private readonly backoff: Backoff;

  constructor(private readonly options: SupervisorOptions) {
    this.log = createWriteStream(options.logFile, { flags: 'a' });
    // A full disk must not take the launcher down with it.
    this.log.on('error', () => undefined);
    this.backoff = options.backoff ?? ADAPTER_BACKOFF;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Starts the child and waits until it is ready. A child that exits before it ever became ready
   * is a failed start (a port in use, a bad setting), reported by rejecting rather than retried.
   */
  async start(): Promise<void> {
    const child = this.spawnChild();
    await waitFor(this.options.name, this.options.ready, this.options.readyTimeoutMs, child, this.options.logFile);
    this.supervising = true;
  }

  /** No more restarts; the running child gets SIGTERM (SIGKILL after graceMs) and is waited for. */
  async stop(graceMs = 15_000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      this.say('INFO', `stopping ${this.options.name} (pid ${child.pid})`);
      await stopChild(child, 'SIGTERM', graceMs);
      this.say('INFO', `${this.options.name} stopped (${child.signalCode ?? `code ${child.exitCode}`})`);
    }
    rmSync(this.options.pidFile, { force: true });
    await new Promise<void>((resolve) => this.log.end(resolve));
  }

  private spawnChild(): ChildProcess {
    const [command, args] = dieWithParent(this.options.deathSignal, this.options.command, this.options.args);
    // detached: a Ctrl-C in the terminal reaches only the launcher, which stops the child itself.
    const child = spawn(command, args, {
      cwd: this.options.cwd,
      env: this.options.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        process.stderr.write(chunk);
        this.log.write(chunk);
      });
    }
    child.on('error', (error) => this.say('ERROR', `${this.options.name} could not be started: ${error.message}`));
    child.on('exit', (code, signal) => this.exited(child, code, signal));
    this.child = child;
    this.startedAt = Date.now();
    if (child.pid) writeFileSync(this.options.pidFile, `${child.pid}\n`);
    return child;
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (child !== this.child || this.stopping || !this.supervising) return;
    const uptimeMs = Date.now() - this.startedAt;
    this.delay = nextDelay(this.backoff, this.delay, uptimeMs);
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    this.say('ERROR', `${this.options.name} (pid ${child.pid}) ${how} after ${seconds(uptimeMs)}; restarting in ${seconds(this.delay)}`);
    this.timer = setTimeout(() => this.restart(), this.delay);
  }

  private restart(): void {
    if (this.stopping) return;
    const child = this.spawnChild();
    this.say('INFO', `${this.options.name} restarted (pid ${child.pid})`);
    void this.announceReady(child);
  }

  /** Logs when a restarted child serves again; a child that dies first is handled by exited(). */
  private async announceReady(child: ChildProcess): Promise<void> {
    while (child === this.child && child.exitCode === null && child.signalCode === null && !this.stopping) {
      if (await this.options.ready().catch(() => false)) {
        this.say('INFO', `${this.options.name} (pid ${child.pid}) is serving again`);
        return;
      }
      await sleep(250);
    }
  }

  private say(level: 'INFO' | 'ERROR', message: string): void {
    const line = `${new Date().toISOString()} ${level.padEnd(5)} launcher: ${message}\n`;
    process.stderr.write(line);
    this.log.write(line);
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
