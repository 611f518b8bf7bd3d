/**
 * Readers during a large ingest through the DICOM front receiver (issue 15, "DICOM network";
 * docs/decisions.md "Readers during a front ingest"). The front takes C-STOREs on the adapter's
 * main thread, writes each instance to its spool (fdatasynced in groups through libuv's threads)
 * and, once the associations end, drains the spool into Orthanc; the same process serves the
 * radiologists. This part measures what one does to the other, on one stack, in one run.
 *
 * Readers (signed-in accounts of a reader role, driven by wrk: bench/wrk.ts), three groups whose
 * latencies are counted apart:
 * - search: 4 users, the study list's search (as bench/load.ts asks it), 0.5 s between answer and next;
 * - frames: 3 users, 30 consecutive frames of the bench's 300-slice 512×512 CT back to back, then 1 s;
 * - series: 2 users, the viewer's WADO-RS retrieve of that whole series (157 MB, one multipart
 *   answer, client/src/viewer/loading/fetch-protocol.ts SERIES_ACCEPT), then 2 s.
 * 2,000 small studies are in the list (bench/load.ts).
 *
 * Windows of WINDOW_S seconds each: the readers alone; then, for each kind of ingest, while
 * storescu (TCP_NODELAY=1) sends it through the front, association after association until the
 * window ends ("receiving": the drain gives way to open associations), and right after, while the
 * spool drains into Orthanc and the index follows ("draining"); the readers alone again at the
 * end. Kinds: the bench's 1,000-slice 512×512 CT (bytes) and its 1,000 small 64×64 instances
 * (instances); the same files each association, which Orthanc stores again (OverwriteInstances).
 *
 * Figures, never asserted: p50/p95/p99, requests and errors per group and window (results), the
 * front's acknowledged rate while the readers read, the CPU each server used per window, load
 * averages (notes).
 */
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Stack } from '../test/harness/stack.ts';
import { sendFiles, settled, spoolDrained } from '../test/harness/dicom.ts';
import { spoolFolders } from '../adapter/src/features/dicom-front/spool.ts';
import { SMALL_ID, forget, smallFiles } from './dicom.ts';
import { FRAME_ACCEPT, JSON_ACCEPT, readerStudies, searchPath, seriesPath, signInReaders, type OpenedSeries } from './load.ts';
import { round, type Measurement } from './measure.ts';
import { stackCpu } from './process-cpu.ts';
import { cpuSeconds, wrkUsers, type UserStep, type UsersRun } from './wrk.ts';

const WINDOW_S = Number(process.env.BENCH_READERS_WINDOW_S ?? '') || 10;
// BENCH_READERS_INGEST=ct or small narrows a run (profiling one kind).
const KINDS = (process.env.BENCH_READERS_INGEST ?? 'ct,small').split(',');
/** What the viewer asks for a whole series: every file as stored, one multipart answer. */
const SERIES_ACCEPT = 'multipart/related; type="application/dicom"; transfer-syntax=*';
const FRAMES_PER_SCROLL = 30;

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

interface Group {
  name: 'search' | 'frames' | 'series';
  users: { cookie: string; plan: UserStep[] }[];
  /** A request unanswered after this long counts as an error (a whole series is 157 MB). */
  timeoutS: number;
}

/** The readers' groups, 4 + 3 + 2 users: `cookies` holds 9 sessions. */
function readerGroups(cookies: string[], ct: OpenedSeries): Group[] {
  const searcher = (user: number): UserStep[] =>
    Array.from({ length: 8 }, (_, step) => ({ thinkMs: 500, accept: JSON_ACCEPT, path: searchPath(step + user, user * 37 + step * 11) }));
  const scroller = (user: number): UserStep[] =>
    Array.from({ length: 4 }, (_, block) => {
      const first = ((user * 4 + block) * 71) % (ct.sops.length - FRAMES_PER_SCROLL);
      return ct.sops.slice(first, first + FRAMES_PER_SCROLL).map((sop, k) => ({
        thinkMs: k === 0 ? 1000 : 0,
        accept: FRAME_ACCEPT,
        path: `${seriesPath(ct)}/instances/${sop}/frames/1`,
      }));
    }).flat();
  const opener: UserStep[] = [{ thinkMs: 2000, accept: SERIES_ACCEPT, path: seriesPath(ct) }];
  return [
    { name: 'search', users: cookies.slice(0, 4).map((cookie, n) => ({ cookie, plan: searcher(n) })), timeoutS: 5 },
    { name: 'frames', users: cookies.slice(4, 7).map((cookie, n) => ({ cookie, plan: scroller(n) })), timeoutS: 5 },
    { name: 'series', users: cookies.slice(7, 9).map((cookie) => ({ cookie, plan: opener })), timeoutS: 30 },
  ];
}

/** CPU seconds so far of the adapter, Orthanc and PostgreSQL. */
function serverCpu(stack: Stack): { adapter: number; orthanc: number; postgres: number } {
  const pid = stack.adapterPid();
  return { adapter: pid === undefined ? NaN : cpuSeconds(pid), ...stackCpu(stack.dataDir) };
}

interface Window {
  phase: string;
  runs: { group: Group; run: UsersRun }[];
  /** Cores busy over the window. */
  cpu: { adapter: number; orthanc: number; postgres: number };
  load: number;
}

const errorsOf = (run: UsersRun) => run.errors.status + run.errors.socket + run.errors.timeout;
const cores = (before: number, after: number, seconds: number) => round((after - before) / seconds, 2);

export async function benchIngestReaders(
  stack: Stack,
  ct: { files: string[]; patientId: string },
): Promise<{ figures: Record<string, number>; notes: string[]; results: Measurement[] }> {
  if (!stack.config.dicomFront.enabled) throw new Error('the ingestreaders part needs the DICOM front receiver (DICOM_FRONT=on)');
  const figures: Record<string, number> = {};
  const notes: string[] = [];
  const results: Measurement[] = [];
  const port = stack.config.dicomPort;
  const spool = spoolFolders(stack.dataDir, port).ready;
  const pending = () => readdirSync(spool).filter((name) => name.endsWith('.dcm')).length;

  const { ct: opened } = await readerStudies(stack);
  const groups = readerGroups(await signInReaders(stack, 9, 'ingest'), opened);
  const kinds = [
    { key: 'ct', label: 'the 1,000-slice 512×512 CT', files: ct.files, patientId: ct.patientId },
    { key: 'small', label: '1,000 small instances (64×64 CT)', files: smallFiles(), patientId: SMALL_ID },
  ].filter((kind) => KINDS.includes(kind.key));
  for (const kind of kinds) await forget(stack, kind.patientId, true);

  const windows: Window[] = [];
  /**
   * The readers for one window; `during` runs meanwhile and is told when the window has ended (it
   * may end later: its result is awaited too). The servers' CPU is read over the window alone.
   */
  const readFor = async <T>(phase: string, during: (ended: () => boolean) => Promise<T>): Promise<T> => {
    const load = loadavg()[0]!;
    const before = serverCpu(stack);
    const started = performance.now();
    let over = false;
    const reading = Promise.all(
      groups.map(async (group) => ({ group, run: await wrkUsers(stack.baseUrl, group.users, WINDOW_S, group.timeoutS) })),
    ).then((runs) => {
      over = true;
      return { runs, after: serverCpu(stack), seconds: (performance.now() - started) / 1000 };
    });
    const [{ runs, after, seconds }, other] = await Promise.all([reading, during(() => over)]);
    windows.push({
      phase,
      runs,
      load,
      cpu: {
        adapter: cores(before.adapter, after.adapter, seconds),
        orthanc: cores(before.orthanc, after.orthanc, seconds),
        postgres: cores(before.postgres, after.postgres, seconds),
      },
    });
    log(`readers ${phase}: ${runs.map(({ group, run }) => `${group.name} p95 ${run.p95_ms} ms`).join(', ')}`);
    return other;
  };
  const alone = () => Promise.resolve();

  log('readers: a 3 s warm-up…');
  await Promise.all(groups.map((group) => wrkUsers(stack.baseUrl, group.users, 3, group.timeoutS)));
  await readFor('alone', alone);

  for (const kind of kinds) {
    log(`readers while ${kind.label} goes through the front, association after association…`);
    const ingest = await readFor(`${kind.key}_receiving`, async (ended) => {
      const started = performance.now();
      const sent = { associations: 0, acknowledged: 0, unacknowledged: 0 };
      do {
        const association = await sendFiles(kind.files, { port, aet: stack.config.dicomAet, callingAet: 'BENCH' });
        sent.associations += 1;
        sent.acknowledged += association.acknowledged.length;
        sent.unacknowledged += association.unacknowledged.length;
      } while (!ended());
      return { ...sent, seconds: (performance.now() - started) / 1000 };
    });
    const ingestEnded = performance.now();
    const waiting = pending();
    log(`readers while the spool drains (${waiting} instances waiting)…`);
    await readFor(`${kind.key}_draining`, alone);
    const left = pending();
    // Not measured: the rest of the drain, so that the next window starts on a quiet stack.
    await spoolDrained(stack.dataDir, port, 600_000);
    const drainedS = (performance.now() - ingestEnded) / 1000;
    await settled(port);
    const rate = ingest.acknowledged / ingest.seconds;
    figures[`readers_front_${kind.key}_per_s`] = round(rate, 1);
    notes.push(
      `ingestreaders, ${kind.label}: ${ingest.associations} storescu associations back to back acknowledged ${ingest.acknowledged} instances ` +
        `in ${round(ingest.seconds, 1)} s (${round(rate, 1)}/s; ${ingest.unacknowledged} not acknowledged) while the readers read; ` +
        `${waiting} in the spool when the last association ended, ${left} still there ${WINDOW_S} s later, all in Orthanc after ${round(drainedS, 1)} s`,
    );
  }
  await readFor('alone_after', alone);
  for (const kind of kinds) await forget(stack, kind.patientId, true);

  for (const window of windows) {
    for (const { group, run } of window.runs) {
      const users = group.users.length;
      results.push({
        name: `readers_${group.name}_${window.phase}`,
        requests: run.requests,
        concurrency: users,
        p50_ms: run.p50_ms,
        p95_ms: run.p95_ms,
        p99_ms: run.p99_ms,
        errors: errorsOf(run),
        per_second: run.per_second,
      });
      figures[`readers_${group.name}_p95_ms_${window.phase}`] = run.p95_ms;
      figures[`readers_${group.name}_p99_ms_${window.phase}`] = run.p99_ms;
    }
    figures[`readers_errors_${window.phase}`] = window.runs.reduce((sum, { run }) => sum + errorsOf(run), 0);
    notes.push(
      `ingestreaders, ${window.phase} (load average ${window.load.toFixed(2)} at its start; ${WINDOW_S} s): ` +
        window.runs
          .map(
            ({ group, run }) =>
              `${group.name} ${run.requests} requests, p50 ${run.p50_ms} / p95 ${run.p95_ms} / p99 ${run.p99_ms} / max ${run.max_ms} ms, errors ${JSON.stringify(run.errors)}`,
          )
          .join('; ') +
        `; cores busy: adapter ${window.cpu.adapter}, Orthanc ${window.cpu.orthanc}, PostgreSQL ${window.cpu.postgres}`,
    );
  }
  return { figures, notes, results };
}
