/**
 * DICOM figures (issue 15, "Speed"): C-STORE into the product against the practical ceiling, a
 * dcmtk storescp that only writes files, side by side on the same machine in one run.
 *
 * - ingest_small_per_s / storescp_small_per_s: 1,000 small CT instances (64×64, about 10 KB each,
 *   one series) sent by ONE storescu association into the product's Orthanc (index follower
 *   running), and the same files into storescp writing to a temporary folder;
 * - ingest_ct_per_s / storescp_ct_per_s: the same for the bench's 1,000-slice 512×512 CT;
 * - forward_small_ratio / forward_ct_ratio: instances/s the product's forward delivers to a
 *   storescp (POST /forward/create until GET /forward/all lists it finished: bench/forward.ts)
 *   ÷ instances/s storescu sends the same files straight to it;
 * - ingest_small_follower_ratio: small ingest with the adapter running ÷ Orthanc alone, both
 *   into Orthanc's own DICOM port (behind the front receiver when it is on, as by default: the
 *   ingest figures above are then the front's, what a modality sees; this ratio stays the index
 *   follower's cost to Orthanc; that port then takes DICOM TLS with the product's certificate
 *   only, which both halves present);
 * - ingest_small_front_follower_ratio: the follower's cost to what a modality sees, the same small
 *   set through the front receiver with the follower running ÷ with it held off (this process
 *   holds the follower's advisory lock, as another replica of a cluster would), rounds back to back.
 *
 * storescu and storescp run with TCP_NODELAY=1 (Debian's dcmtk keeps Nagle's algorithm on
 * otherwise; see docs/decisions.md, "DICOM ingest speed"). Each figure is the median of ROUNDS
 * rounds; every round's value is in the notes. Never asserted: the machines are shared and noisy.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { orthancDicomPort } from '../adapter/src/config.ts';
import { FOLLOWER_LOCK_KEY } from '../adapter/src/study-index/follower.ts';
import { freePort, waitFor } from '../scripts/services/process.ts';
import type { Stack } from '../test/harness/stack.ts';
import { orthancPortTls, settled, spoolDrained } from '../test/harness/dicom.ts';
import { round } from './measure.ts';
import { productForwardSeconds, signInForForward } from './forward.ts';
import { cpuSeconds } from './wrk.ts';

const CACHE = 'bench/out/cache';
const ROUNDS = 3;
export const SMALL_ID = 'bench-small';
const DEST = { name: 'bench-dest', aet: 'BENCHDEST' };
/** dcmtk's tools read this: without it Debian's build leaves Nagle's algorithm on. */
const NODELAY = { ...process.env, TCP_NODELAY: '1' };

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const list = (values: number[]) => values.map((v) => round(v, 1)).join(', ');

/** 1,000 small CT slices (64×64), generated once and kept in the cache. */
export function smallFiles(): string[] {
  const dir = join(CACHE, 'small');
  if (!existsSync(join(dir, 'CT1000.dcm'))) {
    log('generating 1000 small instances…');
    // In a child whose output is dropped: at 64 px dcmjs truncates a position per slice, warning each time.
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/demo/generate-ct.ts', '--out', dir, '--slices', '1000', '--size', '64'].concat([
        '--study-uid-seed',
        SMALL_ID,
        '--patient',
        'Bench^Small',
        '--patient-id',
        SMALL_ID,
      ]),
      { stdio: 'ignore' },
    );
    if (run.status !== 0) throw new Error('generating the small instances failed');
  }
  return readdirSync(dir)
    .filter((file) => file.endsWith('.dcm'))
    .sort()
    .map((file) => join(dir, file));
}

/** Seconds for one storescu association carrying every file. */
export function storescu(port: number, calledAet: string, files: string[], options: readonly string[] = []): number {
  const started = performance.now();
  const run = spawnSync('storescu', [...options, '-aet', 'BENCH', '-aec', calledAet, '127.0.0.1', String(port), ...files], {
    encoding: 'utf8',
    env: NODELAY,
  });
  if (run.status !== 0) throw new Error(`storescu failed: ${run.stderr.slice(0, 500)}`);
  return (performance.now() - started) / 1000;
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A dcmtk storescp writing what it receives into a fresh temporary folder, for one call of `use`. */
export async function withStorescp<T>(use: (port: number) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'pacs-bench-storescp-'));
  const port = await freePort();
  const child = spawn('storescp', ['-aet', DEST.aet, '-od', dir, String(port)], { env: NODELAY, stdio: 'ignore' });
  try {
    await waitFor('storescp', () => listening(port), 10_000, child);
    return await use(port);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  }
}

function orthancHeaders(stack: Stack): Record<string, string> {
  const { user, password } = stack.config.orthanc;
  return { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64'), 'content-type': 'application/json' };
}

export async function orthanc(stack: Stack, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${stack.config.orthanc.url}${path}`, {
    method,
    headers: orthancHeaders(stack),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Orthanc ${method} ${path} answered ${response.status}: ${await response.text()}`);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

export async function studiesOf(stack: Stack, patientId: string): Promise<string[]> {
  return (await orthanc(stack, 'POST', '/tools/find', { Level: 'Study', Query: { PatientID: patientId } })) as string[];
}

async function indexedInstances(stack: Stack, patientId: string): Promise<number> {
  const [row] = await stack.sql<{ n: number }>(
    'select coalesce(sum(number_of_instances), 0)::int as n from studies where patient_id = $1',
    [patientId],
  );
  return row?.n ?? 0;
}

/** Waits (at most `ms`) until the index holds `count` instances of the patient; false if it did not. */
export async function indexReaches(stack: Stack, patientId: string, count: number, ms = 120_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  // What was sent is in Orthanc and the index has read Orthanc's last change: with the front
  // receiver on, storescu returns once the files are in its spool, and an index still listing the
  // previous round's copy (its deletion not yet read) would otherwise count as this round's.
  if (count > 0) await settled(stack.config.dicomPort);
  while ((await indexedInstances(stack, patientId)) !== count) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

const slowIndex = new Set<string>();

/**
 * Deletes the patient's studies from Orthanc; with the adapter running, gives the index ten
 * seconds to drop them too, so that its work is done before the next round (noted when not).
 */
export async function forget(stack: Stack, patientId: string, follower: boolean): Promise<void> {
  for (const id of await studiesOf(stack, patientId)) await orthanc(stack, 'DELETE', `/studies/${id}`);
  if (follower && !(await indexReaches(stack, patientId, 0, 10_000))) slowIndex.add(patientId);
}

function orthancPid(stack: Stack): number {
  return Number(readFileSync(join(stack.dataDir, 'orthanc', 'orthanc.pid'), 'utf8'));
}

interface Ingest {
  perSecond: number[];
  orthancCpuMs: number[];
}

/**
 * ROUNDS ingests of the same files into the product (its DICOM port, or `port`); each but the
 * last is deleted after it.
 */
async function ingestRounds(
  stack: Stack,
  files: string[],
  patientId: string,
  follower: boolean,
  keepLast: boolean,
  port = stack.config.dicomPort,
  /** dcmtk's options for that port (Orthanc's own behind the front: TLS, orthancPortTls). */
  options: readonly string[] = [],
): Promise<Ingest> {
  const result: Ingest = { perSecond: [], orthancCpuMs: [] };
  for (let i = 0; i < ROUNDS; i++) {
    const pid = orthancPid(stack);
    const cpu = cpuSeconds(pid);
    const seconds = storescu(port, stack.config.dicomAet, files, options);
    result.orthancCpuMs.push(((cpuSeconds(pid) - cpu) * 1000) / files.length);
    result.perSecond.push(files.length / seconds);
    if (follower && !(await indexReaches(stack, patientId, files.length))) throw new Error(`the index did not list ${patientId}`);
    if (i < ROUNDS - 1 || !keepLast) await forget(stack, patientId, follower);
  }
  return result;
}

/**
 * ROUNDS ingests of the files through the front receiver while the index follower does not run:
 * the adapter restarts while this process holds the follower's advisory lock, so its follower
 * waits as another replica's would. Each round is deleted from Orthanc once the spool drained. The
 * lock is let go at the end and the follower reads what it missed before this returns.
 */
async function frontWithoutFollower(stack: Stack, files: string[], patientId: string): Promise<number[]> {
  const lock = new pg.Client(stack.config.pg);
  await lock.connect();
  const perSecond: number[] = [];
  try {
    // The adapter's follower holds the lock: it goes with its process.
    await stack.stopAdapter();
    await lock.query('select pg_advisory_lock($1)', [FOLLOWER_LOCK_KEY]);
    await stack.startAdapter();
    for (let i = 0; i < ROUNDS; i++) {
      perSecond.push(files.length / storescu(stack.config.dicomPort, stack.config.dicomAet, files));
      await spoolDrained(stack.dataDir, stack.config.dicomPort);
      await forget(stack, patientId, false);
    }
  } finally {
    await lock.end();
  }
  // The follower takes the lock within seconds and reads every change it missed.
  await settled(stack.config.dicomPort);
  if (!(await indexReaches(stack, patientId, 0, 10_000))) slowIndex.add(patientId);
  return perSecond;
}

export async function storescpRounds(files: string[]): Promise<number[]> {
  const perSecond: number[] = [];
  for (let i = 0; i < ROUNDS; i++) perSecond.push(await withStorescp(async (port) => files.length / storescu(port, DEST.aet, files)));
  return perSecond;
}

/**
 * The product's forward (bench/forward.ts: the route, end to end, until every instance is
 * acknowledged) against storescu → storescp, per round; the study must be stored.
 */
async function forwardRounds(
  stack: Stack,
  files: string[],
  patientId: string,
): Promise<{ forward: number[]; direct: number[]; adapterCpuMs: number[] }> {
  const [study] = await studiesOf(stack, patientId);
  if (!study) throw new Error(`no study of ${patientId} to forward`);
  const uid = ((await orthanc(stack, 'GET', `/studies/${study}`)) as { MainDicomTags: { StudyInstanceUID: string } }).MainDicomTags
    .StudyInstanceUID;
  const session = await signInForForward(stack);
  const forward: number[] = [];
  const direct: number[] = [];
  // The adapter's CPU (every thread, user and system) per instance forwarded: on a shared machine
  // a steadier figure than the rates, which move with what the other processes take.
  const adapterCpuMs: number[] = [];
  const pid = stack.adapterPid();
  for (let i = 0; i < ROUNDS; i++) {
    const cpu = pid === undefined ? NaN : cpuSeconds(pid);
    forward.push(
      await withStorescp(async (port) => files.length / (await productForwardSeconds(stack, session, uid, { port, calledAet: DEST.aet }))),
    );
    adapterCpuMs.push(pid === undefined ? NaN : ((cpuSeconds(pid) - cpu) * 1000) / files.length);
    direct.push(await withStorescp(async (port) => files.length / storescu(port, DEST.aet, files)));
  }
  return { forward, direct, adapterCpuMs };
}

export async function benchDicom(
  stack: Stack,
  ct: { files: string[]; patientId: string },
): Promise<{ figures: Record<string, number>; notes: string[] }> {
  const figures: Record<string, number> = {};
  const notes: string[] = [];
  const kinds = [
    { key: 'small', label: '1000 small instances (64×64 CT)', files: smallFiles(), patientId: SMALL_ID },
    { key: 'ct', label: '1000-slice 512×512 CT', files: ct.files, patientId: ct.patientId },
  ];
  for (const kind of kinds) {
    // Leftovers of an earlier part (or an interrupted run) would turn stores into overwrites.
    await forget(stack, kind.patientId, true);
    log(`dicom: ${kind.label} into storescp…`);
    const ceiling = await storescpRounds(kind.files);
    log(`dicom: ${kind.label} into the product…`);
    const ingest = await ingestRounds(stack, kind.files, kind.patientId, true, true);
    log(`dicom: ${kind.label} forwarded by the product against storescu…`);
    const { forward, direct } = await forwardRounds(stack, kind.files, kind.patientId);
    await forget(stack, kind.patientId, true);

    figures[`ingest_${kind.key}_per_s`] = round(median(ingest.perSecond), 1);
    figures[`storescp_${kind.key}_per_s`] = round(median(ceiling), 1);
    figures[`ingest_${kind.key}_of_storescp`] = round(median(ingest.perSecond) / median(ceiling), 3);
    figures[`forward_${kind.key}_ratio`] = round(median(forward.map((f, i) => f / direct[i]!)), 3);
    notes.push(
      `dicom, ${kind.label}, one association each, ${ROUNDS} rounds (median in the table): ` +
        `into the product ${list(ingest.perSecond)}/s (Orthanc CPU ${ingest.orthancCpuMs.map((v) => round(v, 2)).join(', ')} ms per instance), ` +
        `into storescp ${list(ceiling)}/s; forwarded by the product ${list(forward)}/s against storescu straight to storescp ${list(direct)}/s`,
    );
  }

  // The follower's cost to what a modality sees, while the index is in step with Orthanc.
  if (stack.config.dicomFront.enabled) {
    log('dicom: small instances through the front, the follower held off…');
    const off = await frontWithoutFollower(stack, kinds[0]!.files, SMALL_ID);
    log('dicom: small instances through the front, the follower running…');
    const on = await ingestRounds(stack, kinds[0]!.files, SMALL_ID, true, false);
    figures.ingest_small_front_follower_ratio = round(median(on.perSecond) / median(off), 3);
    notes.push(
      `dicom, small instances through the front: follower running ${list(on.perSecond)}/s, held off ${list(off)}/s ` +
        '(what the modality sees: storescu until its last answer)',
    );
  }
  // The index follower's cost to ingest: the small set again with the adapter stopped, into
  // Orthanc's own port; with the front on, also with the adapter running into that port.
  const orthancPort = orthancDicomPort(stack.config);
  // Behind the front Orthanc's own port takes TLS with the product's certificate only: both halves
  // go that way, so the ratio stays the follower's cost (the TLS handshake is once per association).
  const orthancTls = orthancPortTls(stack.config);
  let followed = figures.ingest_small_per_s ?? NaN;
  if (orthancPort !== stack.config.dicomPort) {
    log("dicom: small instances into Orthanc's own port, the adapter (follower) running…");
    const direct = await ingestRounds(stack, kinds[0]!.files, SMALL_ID, true, false, orthancPort, orthancTls);
    followed = median(direct.perSecond);
    figures.ingest_small_orthanc_port_per_s = round(followed, 1);
    notes.push(`dicom, small instances into Orthanc's own port (behind the front), follower running: ${list(direct.perSecond)}/s`);
  }
  log('dicom: small instances into Orthanc alone (adapter stopped)…');
  await stack.stopAdapter();
  try {
    const alone = await ingestRounds(stack, kinds[0]!.files, SMALL_ID, false, false, orthancPort, orthancTls);
    figures.ingest_small_alone_per_s = round(median(alone.perSecond), 1);
    figures.ingest_small_follower_ratio = round(followed / median(alone.perSecond), 3);
    notes.push(
      `dicom, small instances into Orthanc alone (adapter stopped): ${list(alone.perSecond)}/s ` +
        `(Orthanc CPU ${alone.orthancCpuMs.map((v) => round(v, 2)).join(', ')} ms per instance)`,
    );
  } finally {
    await stack.startAdapter();
  }
  if (slowIndex.size > 0) notes.push(`dicom: the index still listed ${[...slowIndex].join(', ')} 10 s after Orthanc deleted it`);
  notes.push(
    'dicom: storescu and storescp run with TCP_NODELAY=1; storescp (dcmtk, default PDU size) only writes files to a temporary ' +
      "folder on the same disk as Orthanc, without fsync: the practical ceiling. Forward = the product's " +
      'POST /forward/create until GET /forward/all lists it finished (polled every 25 ms), one study.',
  );
  return { figures, notes };
}

/** One kind of files the forward figures are taken for. */
export interface ForwardKind {
  key: 'small' | 'ct';
  label: string;
  files: string[];
  patientId: string;
}

/**
 * For each kind of the forward figures (the 1,000 small instances, then the CT): stores its files
 * into the product afresh by one storescu association (leftovers of an earlier part forgotten
 * first), waits until the study index lists every instance, runs `use`, and deletes them again.
 * Shared by `benchForward` and bench/forward-scu.ts.
 */
export async function forEachForwardKind(
  stack: Stack,
  ct: { files: string[]; patientId: string },
  use: (kind: ForwardKind) => Promise<void>,
): Promise<void> {
  const kinds: ForwardKind[] = [
    { key: 'small', label: '1000 small instances (64×64 CT)', files: smallFiles(), patientId: SMALL_ID },
    { key: 'ct', label: '1000-slice 512×512 CT', files: ct.files, patientId: ct.patientId },
  ];
  for (const kind of kinds) {
    await forget(stack, kind.patientId, true);
    storescu(stack.config.dicomPort, stack.config.dicomAet, kind.files);
    if (!(await indexReaches(stack, kind.patientId, kind.files.length))) throw new Error(`the index did not list ${kind.patientId}`);
    await use(kind);
    await forget(stack, kind.patientId, true);
  }
}

/** Only the forward figures (`--only=forward`): the files stored once, then forwarded ROUNDS times. */
export async function benchForward(
  stack: Stack,
  ct: { files: string[]; patientId: string },
): Promise<{ figures: Record<string, number>; notes: string[] }> {
  const figures: Record<string, number> = {};
  const notes: string[] = [];
  await forEachForwardKind(stack, ct, async (kind) => {
    log(`forward: ${kind.label} forwarded by the product against storescu…`);
    const { forward, direct, adapterCpuMs } = await forwardRounds(stack, kind.files, kind.patientId);
    figures[`forward_${kind.key}_per_s`] = round(median(forward), 1);
    figures[`forward_${kind.key}_direct_per_s`] = round(median(direct), 1);
    figures[`forward_${kind.key}_ratio`] = round(median(forward.map((f, i) => f / direct[i]!)), 3);
    figures[`forward_${kind.key}_adapter_cpu_ms`] = round(median(adapterCpuMs), 3);
    notes.push(
      `forward, ${kind.label}: by the product ${list(forward)}/s against storescu straight to storescp ${list(direct)}/s; ` +
        `adapter CPU ${adapterCpuMs.map((v) => round(v, 3)).join(', ')} ms per instance`,
    );
  });
  return { figures, notes };
}
