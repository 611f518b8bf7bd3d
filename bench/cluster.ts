/**
 * The cluster's figures (issue 18, "Cluster"): the same client load on 1 Orthanc + 1 adapter and on
 * 2 Orthanc + 2 adapters, both behind nginx and started by the cluster harness (the code
 * `ORTHANC_NODES`/`ADAPTER_REPLICAS` start uses), each on its own fresh data:
 * - cluster_frames_ratio: frames/s of a 512×512 CT through the front, wrk with 12 connections
 *   (3 × 8 s, median), 2 + 2 ÷ 1 + 1;
 * - cluster_search_p95_ms: the study list's search by 50 concurrent readers on 2 + 2, each
 *   searching about once a second as a person does (and on 1 + 1 as cluster_search_p95_ms_1x1);
 *   cluster_search_saturated_p95_ms: the same 50 searching back to back, where p95 is mostly queueing
 *   (50 ÷ searches per second), for reading.
 * On a machine of two cores the replicas share the cores the single adapter had: the ratio says
 * what spreading costs or gains there, not what a second machine would add.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCt, uuidUid } from '../scripts/demo/generate-ct.ts';
import { sleep } from '../scripts/services/process.ts';
import { startCluster, type Cluster } from '../test/harness/cluster.ts';
import { sendFiles, tinyStudy } from '../test/harness/dicom.ts';
import { measure, round, type Measurement } from './measure.ts';
import { wrk } from './wrk.ts';

const CACHE = 'bench/out/cache';
const TINY_STUDIES = 400;
const ACCEPT = 'multipart/related; type="application/octet-stream"; transfer-syntax=*';

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

/** A 200-slice 512×512 CT and 400 one-image studies, made once and kept in the cache. */
function files(): { ct: string[]; tiny: string[] } {
  const ctDir = join(CACHE, 'ct-cluster');
  if (!existsSync(join(ctDir, 'CT0200.dcm'))) {
    log('generating ct-cluster (200 slices)…');
    generateCt({
      out: ctDir,
      slices: 200,
      size: 512,
      studyUidSeed: 'bench-ct-cluster',
      patientName: 'Bench^Cluster',
      patientId: 'ct-cluster',
    });
  }
  const tinyDir = join(CACHE, 'tiny-cluster');
  mkdirSync(tinyDir, { recursive: true });
  const tiny = Array.from({ length: TINY_STUDIES }, (_, i) => {
    const file = join(tinyDir, `${i}.dcm`);
    if (!existsSync(file)) writeFileSync(file, tinyStudy({ seed: `cluster-${i}`, patientName: `Reader^${i}`, patientId: `R${i}` }));
    return file;
  });
  const ct = readdirSync(ctDir)
    .filter((file) => file.endsWith('.dcm'))
    .sort()
    .map((file) => join(ctDir, file));
  return { ct, tiny };
}

async function signIn(cluster: Cluster): Promise<string> {
  const response = await fetch(`${cluster.baseUrl}/viewer/api/login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Id: 'admin', Password: cluster.adminPassword }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** Stores everything, spread over the nodes' DICOM ports, and waits until the index holds it. */
async function fill(cluster: Cluster, all: string[]): Promise<void> {
  const nodes = cluster.ports.nodes;
  const parts = nodes.map((_, k) => all.filter((_, i) => i % nodes.length === k));
  const answers = await Promise.all(parts.map((part, k) => sendFiles(part, { port: nodes[k]!.dicom })));
  const missed = answers.flatMap((answer) => answer.unacknowledged);
  if (missed.length > 0 && (await sendFiles(missed, { port: nodes[0]!.dicom })).unacknowledged.length > 0) {
    throw new Error('the cluster refused instances twice');
  }
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const [row] = await cluster.sql<{ n: string }>('select count(*) as n from instances');
    if (Number(row!.n) >= all.length) return;
    await sleep(500);
  }
  throw new Error('the study index did not catch up');
}

/**
 * Readers as people are: each searches, reads the answer, then waits `thinkMs` (jittered) before
 * the next search, for `durationMs`. Answers the p95 of the searches, in ms.
 */
async function thinkingReaders(count: number, durationMs: number, thinkMs: number, search: () => Promise<void>): Promise<number> {
  const latencies: number[] = [];
  const end = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: count }, async () => {
      await sleep(Math.random() * thinkMs);
      while (Date.now() < end) {
        const started = performance.now();
        await search();
        latencies.push(performance.now() - started);
        await sleep(thinkMs * (0.5 + Math.random()));
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return round(latencies[Math.floor(latencies.length * 0.95)] ?? 0);
}

/** One topology: frames/s (median of three wrk runs) and the search under 50 readers. */
async function run(size: { orthancNodes: number; adapters: number }, data: { ct: string[]; tiny: string[] }) {
  const name = `${size.orthancNodes}x${size.adapters}`;
  log(`cluster ${name}: starting, storing ${data.ct.length + data.tiny.length} instances…`);
  const cluster = await startCluster(size);
  try {
    await fill(cluster, [...data.ct, ...data.tiny]);
    const cookie = await signIn(cluster);
    const studyUid = uuidUid('bench-ct-cluster', 'study');
    const frames = await cluster.sql<{ series: string; sop: string }>(
      `select s.series_instance_uid as series, i.sop_instance_uid as sop from instances i
        join series s on s.id = i.series_id join studies st on st.id = s.study_id where st.study_instance_uid = $1`,
      [studyUid],
    );
    const paths = frames.map((f) => `/viewer/api/dicom-web/studies/${studyUid}/series/${f.series}/instances/${f.sop}/frames/1`);
    const perSecond: number[] = [];
    for (let round = 0; round < 3; round++) perSecond.push(wrk(cluster.baseUrl, paths, { cookie, accept: ACCEPT }, 8, 12).per_second);
    const searchOnce = async () => {
      const response = await fetch(`${cluster.baseUrl}/viewer/api/studies/search?limit=20&PatientName=Reader%25`, { headers: { cookie } });
      if (!response.ok) throw new Error(`search answered ${response.status}`);
      await response.arrayBuffer();
    };
    const readers = await thinkingReaders(50, 20_000, 1000, searchOnce);
    const saturated = await measure(`cluster_search_saturated_${name}`, 2000, 50, searchOnce);
    return { framesPerSecond: [...perSecond].sort((a, b) => a - b)[1]!, runs: perSecond, readers, saturated };
  } finally {
    await cluster.stop();
  }
}

export async function benchCluster(): Promise<{ figures: Record<string, number>; notes: string[]; results: Measurement[] }> {
  const data = files();
  const single = await run({ orthancNodes: 1, adapters: 1 }, data);
  const double = await run({ orthancNodes: 2, adapters: 2 }, data);
  return {
    figures: {
      cluster_frames_ratio: round(double.framesPerSecond / single.framesPerSecond, 3),
      cluster_search_p95_ms: double.readers,
      cluster_search_p95_ms_1x1: single.readers,
      cluster_search_saturated_p95_ms: double.saturated.p95_ms,
      cluster_search_saturated_p95_ms_1x1: single.saturated.p95_ms,
    },
    notes: [
      `cluster frames through nginx (wrk, 12 connections, 3 × 8 s): 1 + 1 ${single.runs.join(', ')} frames/s, ` +
        `2 + 2 ${double.runs.join(', ')} frames/s`,
    ],
    results: [single.saturated, double.saturated],
  };
}
