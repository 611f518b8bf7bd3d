/**
 * CPU seconds spent by Orthanc and by the PostgreSQL cluster of a stack (Linux /proc), for figures
 * that a shared, loaded machine does not blur as much as wall-clock times: the other engineers'
 * builds stretch a request's latency, much less the CPU it costs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { orthancFolders } from '../scripts/services/orthanc.ts';

const TICKS_PER_SECOND = 100;

/** utime+stime and cutime+cstime (children waited for) of a process, in seconds; 0 once it is gone. */
function times(pid: number): { own: number; reaped: number; parent: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "pid (comm) ": state is field 0, ppid 1, utime 11, stime 12, cutime 13, cstime 14.
    const n = (i: number) => Number(fields[i]) / TICKS_PER_SECOND;
    return { own: n(11) + n(12), reaped: n(13) + n(14), parent: Number(fields[1]) };
  } catch {
    return { own: 0, reaped: 0, parent: 0 };
  }
}

/** The postmaster and its backends, including those that have exited (reaped by the postmaster). */
function postgresSeconds(postmaster: number): number {
  let total = times(postmaster).own + times(postmaster).reaped;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === postmaster) continue;
    const t = times(pid);
    if (t.parent === postmaster) total += t.own;
  }
  return total;
}

/** A reading of both, to subtract from a later one. */
export function stackCpu(dataDir: string): { orthanc: number; postgres: number } {
  const orthancPid = Number(readFileSync(orthancFolders(join(dataDir, 'orthanc')).pidFile, 'utf8'));
  const postmaster = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { orthanc: times(orthancPid).own, postgres: postgresSeconds(postmaster) };
}

/** Milliseconds of CPU (Orthanc + PostgreSQL) per unit of work between two readings. */
export function cpuMsPer(before: { orthanc: number; postgres: number }, after: { orthanc: number; postgres: number }, units: number) {
  return {
    orthanc: Math.round(((after.orthanc - before.orthanc) * 1000 * 100) / units) / 100,
    postgres: Math.round(((after.postgres - before.postgres) * 1000 * 100) / units) / 100,
  };
}
