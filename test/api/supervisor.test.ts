/**
 * `npm start`'s launcher (scripts/run.ts) as a user runs it, with real processes: the adapter
 * killed with SIGKILL is restarted and serves the same data; the launcher killed with SIGKILL
 * leaves no PostgreSQL, Orthanc or adapter behind holding ports; the next start on the same data
 * folder comes up with the data; SIGTERM stops everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, signIn } from '../harness/api.ts';
import { storeFiles, tinyStudy, tinyStudyUids } from '../harness/dicom.ts';
import { TEST_ADMIN_PASSWORD } from '../harness/stack.ts';
import { dieWithParent, freePort, pidIsAlive, portIsFree, sleep } from '../../scripts/services/process.ts';
import { ADAPTER_BACKOFF, nextDelay } from '../../scripts/supervisor.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// Named pacs-test-*: scripts/test.sh's cleanup finds PostgreSQL and Orthanc by this folder.
const dataDir = mkdtempSync(join(tmpdir(), 'pacs-test-supervisor-'));
chmodSync(dataDir, 0o711);
const STUDY = { seed: 'supervisor-1', patientName: 'Keep^Me', patientId: 'SUP-1' };

let ports: { http: number; pg: number; orthanc: number; dicom: number };
/** Every process this file started or learnt of, killed in afterAll if still there. */
const pids = new Set<number>();
let launcher: ChildProcess | undefined;
let outputFile = '';
const outputOf = () => (existsSync(outputFile) ? readFileSync(outputFile, 'utf8') : '');

/** Starts `node --import tsx scripts/run.ts` as `npm start` does; its output goes to outputFile. */
function startLauncher(): ChildProcess {
  outputFile = join(dataDir, `launcher-${Date.now()}.out`);
  const out = openSync(outputFile, 'a');
  // Should this test's worker die, the launcher dies with it, and its services with the launcher.
  const [command, args] = dieWithParent('SIGKILL', process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/run.ts')]);
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: join(dataDir, 'data'),
      HOST: '127.0.0.1',
      PORT: String(ports.http),
      PG_PORT: String(ports.pg),
      ORTHANC_HTTP_PORT: String(ports.orthanc),
      DICOM_PORT: String(ports.dicom),
      DICOM_AET: 'PACS',
      ADMIN_ID: 'admin',
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      EDITION: 'on_premises',
    },
    stdio: ['ignore', out, out],
  });
  if (child.pid) pids.add(child.pid);
  return child;
}

const baseUrl = () => `http://127.0.0.1:${ports.http}`;
const runFile = (name: string) => join(dataDir, 'data', name);

/** Polls until `probe` is true; a generous deadline, no timing asserted. */
async function until(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await Promise.resolve(probe()).catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`Timed out waiting for ${what}. Launcher output:\n${outputOf()}`);
}

async function siteAnswers(): Promise<boolean> {
  const response = await fetch(`${baseUrl()}/viewer/api/state`, { signal: AbortSignal.timeout(2000) });
  return response.ok;
}

function pidIn(file: string): number {
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  pids.add(pid);
  return pid;
}

/** The processes of a running launcher: the adapter, the postmaster and Orthanc. */
function servicePids(): { adapter: number; postgres: number; orthanc: number } {
  return {
    adapter: pidIn(runFile('run/adapter.pid')),
    postgres: pidIn(runFile('postgres/postmaster.pid')),
    orthanc: pidIn(runFile('orthanc/orthanc.pid')),
  };
}

async function studiesListed(): Promise<string[]> {
  const admin = await signIn(baseUrl(), 'admin', TEST_ADMIN_PASSWORD);
  const list = (await admin.agent.get(`${API}/studies/search`).expect(200)).body as { Items: { StudyInstanceUID: string }[] };
  return list.Items.map((item) => item.StudyInstanceUID);
}

async function allPortsFree(): Promise<boolean> {
  const checks = await Promise.all([
    portIsFree(ports.http),
    portIsFree(ports.pg),
    portIsFree(ports.orthanc),
    portIsFree(ports.dicom, '0.0.0.0'),
  ]);
  return checks.every(Boolean);
}

beforeAll(async () => {
  const [http, pg, orthanc, dicom] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  ports = { http, pg, orthanc, dicom };
  launcher = startLauncher();
  await until('the first start', siteAnswers);
  await until('the start message', () => outputOf().includes('The PACS is running'));

  const file = join(dataDir, 'study.dcm');
  writeFileSync(file, tinyStudy(STUDY));
  expect((await storeFiles([file], { port: ports.dicom })).sent).toBe(1);
  await until('the stored study in the list', async () => (await studiesListed()).includes(tinyStudyUids(STUDY.seed).study));
}, 300_000);

afterAll(async () => {
  if (launcher && launcher.exitCode === null && launcher.signalCode === null) {
    const exited = new Promise((resolve) => launcher!.once('exit', resolve));
    launcher.kill('SIGTERM');
    await Promise.race([exited, sleep(60_000)]);
  }
  for (const pid of pids) {
    if (pidIsAlive(pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

describe('the restart delay', () => {
  it('starts at 0.5 s, doubles with each quick death up to 30 s, and starts over after a long run', () => {
    const quick = 1000;
    const delays: number[] = [];
    let delay: number | undefined;
    for (let i = 0; i < 9; i++) delays.push((delay = nextDelay(ADAPTER_BACKOFF, delay, quick)));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(nextDelay(ADAPTER_BACKOFF, 30_000, ADAPTER_BACKOFF.resetAfterMs)).toBe(500);
  });
});

// The polls carry their own generous deadlines; the tests' time limit must not cut them short.
describe('npm start supervises the adapter', { timeout: 300_000 }, () => {
  it('shows the first-start sign-in once and runs the adapter as a child process', () => {
    const text = outputOf();
    expect(text.match(/Sign in as "admin" with the password from ADMIN_PASSWORD/g)).toHaveLength(1);
    const { adapter } = servicePids();
    expect(adapter).not.toBe(launcher!.pid);
    expect(pidIsAlive(adapter)).toBe(true);
  });

  it('restarts the adapter after a SIGKILL; the site answers again with its data and sessions', async () => {
    const session = await signIn(baseUrl(), 'admin', TEST_ADMIN_PASSWORD);
    const killed = servicePids().adapter;
    process.kill(killed, 'SIGKILL');
    await until('a new adapter', () => existsSync(runFile('run/adapter.pid')) && pidIn(runFile('run/adapter.pid')) !== killed);
    await until('the site to answer again', siteAnswers);

    expect(await studiesListed()).toContain(tinyStudyUids(STUDY.seed).study);
    // Sessions live in PostgreSQL: the restart signs nobody out.
    await session.agent.get(`${API}/accounts/signed`).expect(200);
    await until('the restart in the log', () => outputOf().includes('is serving again'));
    expect(outputOf()).toContain(`adapter (pid ${killed}) was killed by SIGKILL`);
    expect(readFileSync(runFile('logs/adapter.log'), 'utf8')).toContain(`adapter (pid ${killed}) was killed by SIGKILL`);
    expect(pidIsAlive(launcher!.pid!)).toBe(true);
  });

  it('leaves no PostgreSQL, Orthanc or adapter behind when the launcher itself is killed', async () => {
    const services = servicePids();
    for (const pid of Object.values(services)) expect(pidIsAlive(pid)).toBe(true);
    const exited = new Promise((resolve) => launcher!.once('exit', resolve));
    process.kill(launcher!.pid!, 'SIGKILL');
    await exited;

    await until('every service to exit', () => Object.values(services).every((pid) => !pidIsAlive(pid)));
    await until('every port to be free', allPortsFree);
    // Both were told to stop (PostgreSQL's fast shutdown, Orthanc's one SIGTERM), not killed.
    await until('PostgreSQL to log its shutdown', () =>
      readFileSync(runFile('logs/postgres.log'), 'utf8').includes('database system is shut down'),
    );
    await until('Orthanc to log its stop', () => readFileSync(runFile('logs/orthanc.log'), 'utf8').includes('Orthanc has stopped'));
  });

  it('starts again on the same data after that crash, with the data, and stops on SIGTERM', async () => {
    launcher = startLauncher();
    await until('the second start', siteAnswers);
    await until('the start message', () => outputOf().includes('The PACS is running'));
    expect(await studiesListed()).toContain(tinyStudyUids(STUDY.seed).study);
    // The first-start sign-in message is not shown again.
    expect(outputOf()).toContain('Sign in with your account.');
    expect(outputOf()).not.toContain('ADMIN_PASSWORD');

    const services = servicePids();
    const exited = new Promise<number | null>((resolve) => launcher!.once('exit', (code) => resolve(code)));
    launcher.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(outputOf()).toContain('Stopped.');
    for (const pid of Object.values(services)) expect(pidIsAlive(pid)).toBe(false);
    expect(await allPortsFree()).toBe(true);
  });
});
