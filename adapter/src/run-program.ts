/**
 * Runs a program of the system (never through a shell) and answers its exit code and at most
 * 64 KiB of its output: echoscu and ping for the network screens (features/network/dicom-tools.ts),
 * du for the folder sizes (features/server/folder-size.ts).
 */
import { spawn } from 'node:child_process';

export interface ProgramRun {
  /** null when it could not start, or was killed at the timeout. */
  code: number | null;
  output: string;
  /** The program is not installed. */
  missing: boolean;
}

const MAX_OUTPUT = 65_536;

export function runProgram(
  program: string,
  args: readonly string[],
  options: {
    timeoutMs: number;
    /** Added to the environment (LC_ALL=C is always set: the output is parsed). */
    env?: Record<string, string>;
    /** 'stdout': its error output is left out (du's complaints about unreadable folders). */
    output?: 'stdout' | 'both';
  },
): Promise<ProgramRun> {
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      stdio: ['ignore', 'pipe', options.output === 'stdout' ? 'ignore' : 'pipe'],
      env: { ...process.env, ...options.env, LC_ALL: 'C' },
    });
    let output = '';
    const take = (chunk: Buffer) => {
      if (output.length < MAX_OUTPUT) output += chunk.toString('utf8');
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve({ code: null, output: String(error), missing: error.code === 'ENOENT' });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, missing: false });
    });
  });
}
