/**
 * A data folder from before Orthanc's index moved into PostgreSQL (a SQLite `index` file and an empty
 * `orthanc` database): `npm start` refuses it with the command that migrates it, and
 * `npm run migrate:orthanc-index` moves every row into PostgreSQL so that Orthanc, the study list and
 * the change log carry on as they were (docs/decisions.md, "Orthanc's index in PostgreSQL").
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn } from '../harness/api.ts';
import { orthancStatistics, tinyStudyUids, type TinyStudy } from '../harness/dicom.ts';
import { storeTinyStudies, waitForIndexedStudies } from '../harness/fixtures.ts';
import { freePort } from '../../scripts/services/process.ts';
import { MIGRATE_COMMAND } from '../../scripts/orthanc-index/state.ts';
import { KEPT_SUFFIX } from '../../scripts/orthanc-index/migrate.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'pacs-migrate-'));
chmodSync(dataDir, 0o711);
const sqliteIndex = join(dataDir, 'orthanc', 'index', 'index');

const study = (seed: string, patient: string, modality = 'CT'): TinyStudy => ({
  seed,
  patientName: `Migrate^${patient}`,
  patientId: patient,
  modality,
});
const OLD = [study('mig-1', 'M1'), study('mig-2', 'M1', 'MR'), study('mig-3', 'M2'), study('mig-4', 'M3', 'US')];

let stack: Stack | undefined;
let before: {
  statistics: Awaited<ReturnType<typeof orthancStatistics>>;
  listed: number;
  lastChange: number;
  remoteAet: string;
  dicomPort: number;
};

function orthancGet<T>(s: Stack, path: string): Promise<T> {
  const { url, user, password } = s.config.orthanc;
  return fetch(`${url}${path}`, { headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') } }).then(
    (response) => response.json() as Promise<T>,
  );
}

/** A script run as an operator runs it, on this data folder, with free ports. */
async function runScript(script: string): Promise<{ code: number | null; out: string }> {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    PG_PORT: String(await freePort()),
    ORTHANC_HTTP_PORT: String(await freePort()),
    DICOM_PORT: String(await freePort()),
  };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, script)], { cwd: repoRoot, env });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

beforeAll(async () => {
  // The product as it ran before: Orthanc on its SQLite index, studies sent by a modality.
  stack = await startStack({ dataDir, orthancIndex: 'sqlite' });
  const admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
  await storeTinyStudies(stack, admin, OLD, { callingAet: 'OLD_CT' });
  await waitForIndexedStudies(
    stack,
    OLD.map((s) => tinyStudyUids(s.seed).study),
  );
  const [instance] = await orthancGet<string[]>(stack, '/instances');
  before = {
    statistics: await orthancStatistics(stack.config),
    listed: (await admin.agent.get(`${API}/studies/search`).expect(200)).body.Count as number,
    lastChange: (await orthancGet<{ Last: number }>(stack, '/changes?last')).Last,
    remoteAet: (await orthancGet<{ RemoteAET: string }>(stack, `/instances/${instance}/metadata?expand`)).RemoteAET,
    // The site's DICOM port is kept in its database: Orthanc listens there on every later start.
    dicomPort: stack.config.dicomPort,
  };
  await stack.stop();
  stack = undefined;
});

afterAll(async () => {
  await stack?.stop();
  if (!process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
});

describe("an older data folder with Orthanc's index in SQLite", () => {
  it('holds what the test sent, as the oracle for after the migration', () => {
    expect(existsSync(sqliteIndex)).toBe(true);
    expect(before.statistics).toMatchObject({ CountStudies: OLD.length, CountInstances: OLD.length });
    expect(before.listed).toBe(OLD.length);
    expect(before.remoteAet).toBe('OLD_CT');
    expect(before.lastChange).toBeGreaterThan(OLD.length);
  });

  it('is refused by npm start with the command that migrates it, and nothing is changed', async () => {
    const start = await runScript('scripts/run.ts');
    expect(start.code).toBe(1);
    expect(start.out).toContain("Orthanc's index in this data folder is still the SQLite file");
    expect(start.out).toContain(MIGRATE_COMMAND);
    expect(start.out).not.toMatch(/\n\s+at /);
    expect(existsSync(sqliteIndex)).toBe(true);
  });

  it('is migrated by npm run migrate:orthanc-index: the same patients, studies, instances and sizes in Orthanc', async () => {
    const migration = await runScript('scripts/orthanc-index/cli.ts');
    expect(migration.code, migration.out).toBe(0);
    expect(migration.out).toMatch(new RegExp(`${OLD.length} studies, ${OLD.length} series, ${OLD.length} instances`));
    expect(existsSync(sqliteIndex)).toBe(false);
    expect(existsSync(sqliteIndex + KEPT_SUFFIX)).toBe(true);
    // A second run finds nothing to do.
    const again = await runScript('scripts/orthanc-index/cli.ts');
    expect(again.code).toBe(0);
    expect(again.out).toContain('nothing to do');
  });

  it('then starts on PostgreSQL with every study, the calling AE titles and the change log as they were', async () => {
    stack = await startStack({ dataDir });
    const after = await orthancStatistics(stack.config);
    expect(after).toEqual(before.statistics);
    expect((await orthancGet<{ Last: number }>(stack, '/changes?last')).Last).toBe(before.lastChange);
    for (const id of await orthancGet<string[]>(stack, '/instances')) {
      expect((await orthancGet<{ RemoteAET: string }>(stack, `/instances/${id}/metadata?expand`)).RemoteAET).toBe('OLD_CT');
    }
    const admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    expect((await admin.agent.get(`${API}/studies/search`).expect(200)).body.Count).toBe(before.listed);
    // Every study opens: its series are answered from Orthanc's new index.
    for (const s of OLD) {
      const uids = tinyStudyUids(s.seed);
      const metadata = await admin.agent.get(`${API}/dicom-web/studies/${uids.study}/series/${uids.series}/metadata`).expect(200);
      expect(metadata.body).toHaveLength(1);
    }
    // New studies arrive and reach the list: the change log goes on after the old one's last number.
    const site = { ...stack, config: { ...stack.config, dicomPort: before.dicomPort } };
    await storeTinyStudies(site, admin, [study('mig-new', 'M9')], { total: OLD.length + 1 });
    expect((await orthancGet<{ Last: number }>(stack, '/changes?last')).Last).toBeGreaterThan(before.lastChange);
  });
});
