/**
 * Orthanc's index in PostgreSQL against SQLite, in one run (issue 18, "Archive scale"): for each,
 * a fresh stack (adapter stopped, so only Orthanc's own work is measured) is filled to N small
 * instances (default 100,000; BENCH_INDEX_INSTANCES) by storescu over two associations at once, then
 * measured at that size: 1,000 more instances over one association (ingest per second) and DICOMweb
 * series and study metadata straight from Orthanc (the viewer's first requests). Figures, not limits.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { orthancDicomPort } from '../adapter/src/config.ts';
import { startStack, type Stack } from '../test/harness/stack.ts';
import { tinyInstance } from '../test/harness/dicom.ts';
import { uuidUid } from '../scripts/demo/generate-ct.ts';
import { measure, round, type Measurement } from './measure.ts';
import { cpuMsPer, stackCpu } from './process-cpu.ts';

const CACHE = 'bench/out/cache/index';
/** Instances per series and series per study: a small CT-like archive shape. */
const PER_SERIES = 100;
const SERIES_PER_STUDY = 5;
const CHUNK = 10_000;
const PROBE = 1000;

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

function uidsOf(i: number) {
  const series = Math.floor(i / PER_SERIES);
  const study = Math.floor(series / SERIES_PER_STUDY);
  return { study, series, instance: i };
}

/** Instances from..to-1 in one folder (storescu scans a folder: no argument list limit), kept in the cache. */
function generate(from: number, to: number): string {
  const dir = join(CACHE, `${from}-${to}`);
  if (existsSync(dir) && readdirSync(dir).length === to - from) return dir;
  log(`index: generating instances ${from}–${to - 1}…`);
  mkdirSync(dir, { recursive: true });
  for (let i = from; i < to; i++) {
    const ids = uidsOf(i);
    const file = tinyInstance({
      patientId: `IDX${Math.floor(ids.study / 2)}`,
      patientName: `Index^Bench${Math.floor(ids.study / 2)}`,
      studyUid: uuidUid('index-bench', `study-${ids.study}`),
      seriesUid: uuidUid('index-bench', `series-${ids.series}`),
      sopUid: uuidUid('index-bench', `instance-${i}`),
      seriesNumber: (ids.series % SERIES_PER_STUDY) + 1,
      instanceNumber: (i % PER_SERIES) + 1,
    });
    writeFileSync(join(dir, `${i}.dcm`), file);
  }
  return dir;
}

/** Seconds for storescu to send every file of the folders, one association per folder, `parallel` at once. */
function storeFolders(stack: Stack, dirs: string[], parallel: number): number {
  const started = performance.now();
  for (let i = 0; i < dirs.length; i += parallel) {
    const batch = dirs.slice(i, i + parallel);
    // Concurrent associations: one shell runs them in the background and waits for all.
    const script = batch
      .map((dir) => `storescu -aet BENCH -aec PACS +sd 127.0.0.1 ${orthancDicomPort(stack.config)} ${JSON.stringify(dir)} &`)
      .join('\n');
    // storescu's own lines (a warning per file, at worst) are not kept: spawnSync's buffer would fill.
    const run = spawnSync('bash', ['-c', `${script}\nfail=0; for job in $(jobs -p); do wait $job || fail=1; done; exit $fail`], {
      encoding: 'utf8',
      env: { ...process.env, TCP_NODELAY: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
      maxBuffer: 64 << 20,
    });
    if (run.status !== 0) {
      const why = run.error?.message ?? run.signal ?? `exit ${run.status}`;
      throw new Error(`storescu failed (${why}) on ${batch.join(', ')}: ${run.stderr.slice(-2000)}`);
    }
  }
  return (performance.now() - started) / 1000;
}

export async function benchOrthancIndex(): Promise<{ figures: Record<string, number>; notes: string[]; results: Measurement[] }> {
  const count = Number(process.env.BENCH_INDEX_INSTANCES ?? 100_000);
  const fill: string[] = [];
  for (let from = 0; from < count; from += CHUNK) fill.push(generate(from, Math.min(count, from + CHUNK)));
  // The probe's instances come after the fill's, in series of their own.
  const probe = generate(count, count + PROBE);
  const figures: Record<string, number> = {};
  const notes: string[] = [];
  const results: Measurement[] = [];
  for (const kind of ['sqlite', 'postgresql'] as const) {
    const key = kind === 'sqlite' ? 'sqlite' : 'pg';
    // DICOM_FRONT=off: Orthanc alone on the DICOM port, plain, as this bench measured it before
    // the front (behind it, Orthanc's own port takes TLS: a cost per association that is not the index's).
    const stack = await startStack({ adapter: 'child', orthancIndex: kind, durablePostgres: true, env: { DICOM_FRONT: 'off' } });
    try {
      await stack.stopAdapter();
      log(`index (${kind}): filling Orthanc to ${count} instances…`);
      const fillSeconds = storeFolders(stack, fill, 2);
      log(`index (${kind}): 1000 more instances at ${count}…`);
      const beforeProbe = stackCpu(stack.dataDir);
      const probeSeconds = storeFolders(stack, [probe], 1);
      const probeCpu = cpuMsPer(beforeProbe, stackCpu(stack.dataDir), PROBE);
      const { url, user, password } = stack.config.orthanc;
      const headers = { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') };
      const last = uidsOf(count - 1);
      const seriesCount = last.series + 1;
      const studyCount = last.study + 1;
      let n = 0;
      const metadata = (level: 'series' | 'study') => async () => {
        // Spread over the archive: every request a different series or study.
        const ids = uidsOf(((n++ * 7919) % seriesCount) * PER_SERIES);
        const study = uuidUid('index-bench', `study-${level === 'study' ? (n * 31) % studyCount : ids.study}`);
        const path =
          level === 'series'
            ? `/dicom-web/studies/${study}/series/${uuidUid('index-bench', `series-${ids.series}`)}/metadata`
            : `/dicom-web/studies/${study}/metadata`;
        const response = await fetch(`${url}${path}`, { headers });
        if (!response.ok) throw new Error(`${path} answered ${response.status}`);
        await response.arrayBuffer();
      };
      // CPU per request counts the warm-up too: measure's 20 calls before its timed ones.
      const beforeSeries = stackCpu(stack.dataDir);
      const series = await measure(`Orthanc (${kind} index, ${count} instances) series metadata`, 200, 4, metadata('series'));
      const seriesCpu = cpuMsPer(beforeSeries, stackCpu(stack.dataDir), 200 + 20);
      const beforeStudy = stackCpu(stack.dataDir);
      const study = await measure(`Orthanc (${kind} index, ${count} instances) study metadata`, 100, 4, metadata('study'));
      const studyCpu = cpuMsPer(beforeStudy, stackCpu(stack.dataDir), 100 + 20);
      results.push(series, study);
      figures[`index_fill_per_s_${key}`] = round(count / fillSeconds, 1);
      figures[`index_ingest_per_s_${key}`] = round(PROBE / probeSeconds, 1);
      figures[`index_series_metadata_p95_ms_${key}`] = series.p95_ms;
      figures[`index_study_metadata_p95_ms_${key}`] = study.p95_ms;
      // CPU milliseconds (Orthanc + PostgreSQL) per instance stored and per request: steadier than
      // latencies on a shared machine. SQLite's index is inside Orthanc's own figure.
      figures[`index_ingest_cpu_ms_${key}`] = round(probeCpu.orthanc + probeCpu.postgres);
      figures[`index_series_metadata_cpu_ms_${key}`] = round(seriesCpu.orthanc + seriesCpu.postgres);
      figures[`index_study_metadata_cpu_ms_${key}`] = round(studyCpu.orthanc + studyCpu.postgres);
      notes.push(
        `index (${kind}): filled to ${count} instances (${studyCount} studies of ${SERIES_PER_STUDY} series of ${PER_SERIES}) ` +
          `in ${round(fillSeconds, 1)} s over two associations; 1000 more at that size in ${round(probeSeconds, 1)} s over one; ` +
          `CPU ms Orthanc/PostgreSQL per instance ${probeCpu.orthanc}/${probeCpu.postgres}, per series metadata ` +
          `${seriesCpu.orthanc}/${seriesCpu.postgres}, per study metadata ${studyCpu.orthanc}/${studyCpu.postgres}`,
      );
    } finally {
      await stack.stop();
    }
  }
  figures.index_ingest_pg_of_sqlite = round(figures.index_ingest_per_s_pg! / figures.index_ingest_per_s_sqlite!, 3);
  return { figures, notes, results };
}
