/**
 * A light load generator for the proxy figures: wrk (Debian's package), in C, cycling through a
 * list of paths. The JavaScript client of bench/measure.ts spends more CPU per 512 KB frame than
 * Orthanc does to serve it, so on two cores it partly measures itself; wrk leaves the CPU to the
 * servers being compared.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CYCLE_SCRIPT = `
local paths, n, i = {}, 0, 0
init = function(args)
  for line in io.lines(args[1]) do n = n + 1; paths[n] = line end
end
request = function()
  i = i + 1
  return wrk.format("GET", paths[(i % n) + 1])
end
`;

export interface WrkRun {
  per_second: number;
  requests: number;
}

/** Requests per second over `seconds` with `connections` keep-alive connections on one thread. */
export function wrk(origin: string, paths: string[], headers: Record<string, string>, seconds: number, connections: number): WrkRun {
  const dir = mkdtempSync(join(tmpdir(), 'pacs-bench-wrk-'));
  try {
    writeFileSync(join(dir, 'cycle.lua'), CYCLE_SCRIPT);
    writeFileSync(join(dir, 'paths.txt'), paths.join('\n') + '\n');
    const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
    const out = execFileSync(
      'wrk',
      ['-t1', `-c${connections}`, `-d${seconds}s`, ...headerArgs, '-s', join(dir, 'cycle.lua'), origin, '--', join(dir, 'paths.txt')],
      { encoding: 'utf8' },
    );
    const perSecond = /Requests\/sec:\s+([\d.]+)/.exec(out);
    const total = /(\d+) requests in/.exec(out);
    const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
    if (!perSecond || !total) throw new Error(`wrk printed no figures:\n${out}`);
    if (errors) throw new Error(`wrk saw ${errors[1]} error answers`);
    return { per_second: Number(perSecond[1]), requests: Number(total[1]) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** CPU seconds (user + system) a process has used, from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
