/**
 * Load (issue 18, "Serving"): 50 users, each signed in with an account of their own, working
 * against one adapter at once, driven by wrk (bench/wrk.ts: one connection per user, in C, so the
 * load generator takes little of the two cores the servers need).
 *
 * Each user repeats what a radiologist does, with the think time of a person between list
 * actions and none while the viewer fetches:
 *   search the study list (a page of 50, sorted by date; now and then a name filter or the second
 *   page) → 2 s → the series list of a study → 0.5 s → that series' DICOMweb metadata → its frames
 *   back to back: 24 consecutive slices of the bench's 300-slice 512×512 CT every other study,
 *   the one frame of a small study otherwise.
 * By requests that is about 7 % searches, 7 % series lists, 7 % metadata and 79 % frames.
 *
 * Figures: load_p99_ms (goal ≤ 200 ms), p50 and p95, requests and megabytes per second, and
 * errors (answers ≥ 400, failed connections, requests over 5 s); the median round of three.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Stack } from '../test/harness/stack.ts';
import { signIn } from '../test/harness/api.ts';
import { createReader, createAccount } from '../test/harness/fixtures.ts';
import { syntheticStudy } from './synthetic.ts';
import { storeViewerCt } from './viewer.ts';
import { cpuSeconds, wrkUsers, type UserStep, type UsersRun } from './wrk.ts';

const USERS = 50;
const SMALL_STUDIES = 2000;
const ROUND_SECONDS = 30;
const FRAMES_PER_OPEN = 60;
const READING_MS = 8000;
const SURNAMES = ['SMITH', 'JOHNSON', 'GARCIA', 'LEE', 'MARTIN', 'WILSON', 'ANDERSON', 'MOORE'];
export const FRAME_ACCEPT = 'multipart/related; type="application/octet-stream"; transfer-syntax=*';
export const JSON_ACCEPT = 'application/json';
const DICOM_JSON = 'application/dicom+json';
export const API = '/viewer/api';

function log(message: string): void {
  console.log(`[bench] ${message}`);
}

export interface OpenedSeries {
  study: string;
  series: string;
  sops: string[];
}

/** Small studies for the list (what the lists part stored already counts). */
async function storeSmallStudies(stack: Stack): Promise<void> {
  const [{ count } = { count: 0 }] = await stack.sql<{ count: number }>(`select count(*)::int as count from studies`);
  if (count >= SMALL_STUDIES) return;
  const { user, password } = stack.config.orthanc;
  const authorization = 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
  log(`storing ${SMALL_STUDIES} small studies in Orthanc (REST, 8 at a time)…`);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < SMALL_STUDIES) {
        const index = next++;
        const response = await fetch(`${stack.config.orthanc.url}/instances`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/dicom' },
          body: new Uint8Array(syntheticStudy(index)),
        });
        if (!response.ok) throw new Error(`store ${index}: ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
  for (let waited = 0; waited < 600; waited++) {
    const [{ n } = { n: 0 }] = await stack.sql<{ n: number }>(`select count(*)::int as n from studies`);
    if (n >= count + SMALL_STUDIES) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the small studies did not reach the study index');
}

async function seriesOf(stack: Stack, where: string, params: unknown[], limit: number): Promise<OpenedSeries[]> {
  const rows = await stack.sql<{ study: string; series: string; sops: string[] }>(
    `select st.study_instance_uid as study, s.series_instance_uid as series,
            array_agg(i.sop_instance_uid order by i.instance_number, i.sop_instance_uid) as sops
       from studies st join series s on s.study_id = st.id join instances i on i.series_id = s.id
      where ${where} group by st.id, s.id order by st.id limit ${limit}`,
    params,
  );
  return rows;
}

/**
 * The study list's search as a reader asks it: a page of 50 sorted by date; every fourth a name
 * filter (`pick` chooses the name), every fourth the second page.
 */
export function searchPath(open: number, pick: number): string {
  const search = new URLSearchParams({ limit: '50', offset: '0' });
  if (open % 4 === 1) search.set('PatientName', `${SURNAMES[pick % SURNAMES.length]}%`);
  if (open % 4 === 3) search.set('offset', '50');
  search.append('orderby', 'studydatetime desc');
  return `${API}/studies/search?${search}`;
}

/** The DICOMweb path of a series (its WADO-RS retrieve; `/metadata` and instances below it). */
export function seriesPath(opened: OpenedSeries): string {
  return `${API}/dicom-web/studies/${opened.study}/series/${opened.series}`;
}

/**
 * A user's plan: 8 studies opened, alternately the CT and a small one. Users start at different
 * places of the same kind of plan, as people in a reading room do.
 */
function planOf(user: number, ct: OpenedSeries, small: OpenedSeries[]): UserStep[] {
  const plan: UserStep[] = [];
  for (let step = 0; step < 8; step++) {
    const open = (step + user) % 8;
    const pick = (user * 37 + open * 11) % 97;
    // Reading the study just opened, then back to the list.
    plan.push({ thinkMs: READING_MS + (pick % 10) * 200, accept: JSON_ACCEPT, path: searchPath(open, pick) });
    const opened = open % 2 === 0 ? ct : small[(user * 8 + open) % small.length]!;
    plan.push({ thinkMs: 2000, accept: JSON_ACCEPT, path: `${API}/series/fromstudy?uid=${opened.study}` });
    const base = seriesPath(opened);
    plan.push({ thinkMs: 300, accept: DICOM_JSON, path: `${base}/metadata` });
    const first = opened === ct ? (pick * 7) % (ct.sops.length - FRAMES_PER_OPEN) : 0;
    const count = Math.min(FRAMES_PER_OPEN, opened.sops.length);
    for (let k = 0; k < count; k++)
      plan.push({ thinkMs: 0, accept: FRAME_ACCEPT, path: `${base}/instances/${opened.sops[first + k]}/frames/1` });
  }
  return plan;
}

async function cookieOf(stack: Stack, id: string, password: string): Promise<string> {
  const response = await fetch(`${stack.baseUrl}${API}/login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Id: id, Password: password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${id} answered ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

export interface LoadResult {
  figures: Record<string, number>;
  notes: string[];
}

/** What readers open: the bench's 300-slice CT and small studies (stored once per stack), with their instances. */
export async function readerStudies(stack: Stack): Promise<{ ct: OpenedSeries; small: OpenedSeries[] }> {
  const ctUid = await storeViewerCt(stack);
  await storeSmallStudies(stack);
  const [ct] = await seriesOf(stack, 'st.study_instance_uid = $1', [ctUid], 1);
  const small = await seriesOf(stack, 'st.number_of_instances = 1', [], 400);
  if (!ct || small.length === 0) throw new Error('no studies for the readers to open');
  return { ct, small };
}

/**
 * `count` reader accounts (`<prefix>01`, `<prefix>02`…, a role that may see every study and open
 * the viewer), each signed in: their session cookies.
 */
export async function signInReaders(stack: Stack, count: number, prefix: string): Promise<string[]> {
  log(`signing in ${count} readers…`);
  const admin = await signIn(stack.baseUrl, stack.adminId, stack.adminPassword);
  const password = `${prefix}-reader-pass-1`;
  const id = (n: number) => `${prefix}${String(n).padStart(2, '0')}`;
  const role = await createReader(admin, {
    id: id(1),
    password,
    role: { name: `Readers ${prefix}`, permissions: { list: true, viewer: true }, targets: { All: true } },
  });
  for (let n = 2; n <= count; n++) await createAccount(admin, { id: id(n), password, role });
  const cookies = [];
  for (let n = 1; n <= count; n++) cookies.push(await cookieOf(stack, id(n), password));
  return cookies;
}

/** The load's data (the CT, small studies) and its users, signed in, with their plans. */
export async function loadUsers(stack: Stack): Promise<{ cookie: string; plan: UserStep[] }[]> {
  const { ct, small } = await readerStudies(stack);
  const cookies = await signInReaders(stack, USERS, 'load');
  return cookies.map((cookie, n) => ({ cookie, plan: planOf(n + 1, ct, small) }));
}

export async function benchLoad(stack: Stack): Promise<LoadResult> {
  const users = await loadUsers(stack);

  const adapterPid = stack.adapterPid();
  const orthancPid = Number(readFileSync(join(stack.dataDir, 'orthanc', 'orthanc.pid'), 'utf8'));
  log(`load: ${USERS} users, a 5 s warm-up then 3 × ${ROUND_SECONDS} s…`);
  await wrkUsers(stack.baseUrl, users, 5);
  const rounds: (UsersRun & { adapterCpu: number; orthancCpu: number })[] = [];
  for (let round = 0; round < 3; round++) {
    const [a0, o0] = [adapterPid ? cpuSeconds(adapterPid) : 0, cpuSeconds(orthancPid)];
    const run = await wrkUsers(stack.baseUrl, users, ROUND_SECONDS);
    const [a1, o1] = [adapterPid ? cpuSeconds(adapterPid) : 0, cpuSeconds(orthancPid)];
    rounds.push({ ...run, adapterCpu: (a1 - a0) / ROUND_SECONDS, orthancCpu: (o1 - o0) / ROUND_SECONDS });
    log(`round ${round + 1}: ${JSON.stringify(run)}`);
  }
  const byP99 = [...rounds].sort((a, b) => a.p99_ms - b.p99_ms);
  const median = byP99[1]!;
  const errors = (r: UsersRun) => r.errors.status + r.errors.socket + r.errors.timeout;
  return {
    figures: {
      load_p99_ms: median.p99_ms,
      load_p95_ms: median.p95_ms,
      load_p50_ms: median.p50_ms,
      load_per_s: median.per_second,
      load_errors: rounds.reduce((sum, r) => sum + errors(r), 0),
    },
    notes: [
      `load (${USERS} users, ${ROUND_SECONDS} s rounds): p99 ${rounds.map((r) => r.p99_ms).join(', ')} ms; p95 ${rounds.map((r) => r.p95_ms).join(', ')} ms; ` +
        `${rounds.map((r) => r.per_second).join(', ')} requests/s, ${rounds.map((r) => r.mb_per_second).join(', ')} MB/s; ` +
        `max ${rounds.map((r) => r.max_ms).join(', ')} ms; errors ${rounds.map((r) => JSON.stringify(r.errors)).join(', ')}; ` +
        `CPU (cores busy) adapter ${rounds.map((r) => r.adapterCpu.toFixed(2)).join(', ')}, Orthanc ${rounds.map((r) => r.orthancCpu.toFixed(2)).join(', ')}`,
    ],
  };
}
