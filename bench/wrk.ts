/**
 * A light load generator for the proxy figures: wrk (Debian's package), in C, cycling through a
 * list of paths. The JavaScript client of bench/measure.ts spends more CPU per 512 KB frame than
 * Orthanc does to serve it, so on two cores it partly measures itself; wrk leaves the CPU to the
 * servers being compared.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

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

const execFileAsync = promisify(execFile);

// One wrk thread per user, each with one connection, its own session cookie and its own plan: a
// list of steps (think time before it, path, Accept header), repeated. done() prints the figures
// as one JSON line.
const USERS_SCRIPT = `
local threads, counter = {}, 0
setup = function(thread)
  counter = counter + 1
  thread:set("user", counter)
  table.insert(threads, thread)
end
local plan, n, i, cookie = {}, 0, 0, nil
init = function(args)
  for line in io.lines(args[1] .. "/user-" .. user .. ".txt") do
    if not cookie then cookie = line else
      local think, accept, path = line:match("^(%d+)\\t([^\\t]*)\\t(.+)$")
      n = n + 1
      plan[n] = { think = tonumber(think), accept = accept, path = path }
    end
  end
end
delay = function()
  return plan[(i % n) + 1].think
end
request = function()
  local step = plan[(i % n) + 1]
  i = i + 1
  return wrk.format("GET", step.path, { ["Cookie"] = cookie, ["Accept"] = step.accept, ["Accept-Encoding"] = "gzip, br" })
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK-USERS {"requests":%d,"duration_us":%d,"bytes":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50":%d,"p95":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
`;

/** One step of a user's plan: wait `thinkMs` after the previous answer, then GET `path`. */
export interface UserStep {
  thinkMs: number;
  path: string;
  accept: string;
}

export interface UsersRun {
  requests: number;
  per_second: number;
  mb_per_second: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Answers ≥ 400, and connections that failed or timed out (after `timeoutSeconds`). */
  errors: { status: number; socket: number; timeout: number };
}

/**
 * Closed-loop users: one connection each (one wrk thread each, so every user keeps their own
 * session and place in their plan), repeating their plan for `seconds`. Latency is wrk's, from
 * sending a request to its last byte; think time is not part of it. Asynchronous, so that several
 * groups of users (and other work, such as a DICOM ingest) can run at the same time.
 */
export async function wrkUsers(
  origin: string,
  users: { cookie: string; plan: UserStep[] }[],
  seconds: number,
  timeoutSeconds = 5,
): Promise<UsersRun> {
  const dir = mkdtempSync(join(tmpdir(), 'pacs-bench-wrk-'));
  try {
    writeFileSync(join(dir, 'users.lua'), USERS_SCRIPT);
    users.forEach((user, n) =>
      writeFileSync(
        join(dir, `user-${n + 1}.txt`),
        [user.cookie, ...user.plan.map((step) => `${Math.round(step.thinkMs)}\t${step.accept}\t${step.path}`)].join('\n') + '\n',
      ),
    );
    const { stdout: out } = await execFileAsync(
      'wrk',
      [
        `-t${users.length}`,
        `-c${users.length}`,
        `-d${seconds}s`,
        `--timeout`,
        `${timeoutSeconds}s`,
        '-s',
        join(dir, 'users.lua'),
        origin,
        '--',
        dir,
      ],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    const line = /WRK-USERS (\{.*\})/.exec(out);
    if (!line) throw new Error(`wrk printed no figures:\n${out}`);
    const r = JSON.parse(line[1]!) as Record<string, number>;
    const ms = (us: number | undefined) => Math.round((us ?? 0) / 100) / 10;
    const elapsed = (r.duration_us ?? 1) / 1e6;
    return {
      requests: r.requests ?? 0,
      per_second: Math.round(((r.requests ?? 0) / elapsed) * 10) / 10,
      mb_per_second: Math.round(((r.bytes ?? 0) / elapsed / 1024 / 1024) * 10) / 10,
      p50_ms: ms(r.p50),
      p95_ms: ms(r.p95),
      p99_ms: ms(r.p99),
      max_ms: ms(r.max),
      errors: { status: r.status ?? 0, socket: (r.connect ?? 0) + (r.read ?? 0) + (r.write ?? 0), timeout: r.timeout ?? 0 },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
