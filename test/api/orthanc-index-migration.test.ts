/**
 * A data folder from before Orthanc's index moved into PostgreSQL (a SQLite `index` file and an empty
 * `orthanc` database): `npm start` refuses it with the command that migrates it, and
 * `npm run migrate:orthanc-index` moves every row into PostgreSQL so that Orthanc, the study list and
 * the change log carry on as they were (docs/decisions.md, "Orthanc's index in PostgreSQL").
 */
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
import { takeBackup, type Manifest } from '../../scripts/backup/take-backup.ts';
import { restoreBackup } from '../../scripts/backup/restore-backup.ts';
import { dumpDatabase } from '../../scripts/backup/pg-dump.ts';
import { formatFileList, storagePath } from '../../scripts/backup/storage-files.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'pacs-migrate-'));
chmodSync(dataDir, 0o711);
const sqliteIndex = join(dataDir, 'orthanc', 'index', 'index');
/** A backup as npm run backup wrote them before the move: the product's dump, the SQLite index, the files. */
const oldBackup = join(dataDir, '..', `${dataDir.split('/').at(-1)}-old-backup`);

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
  // The product as it ran before: Orthanc on its SQLite index and on the DICOM port itself (before
  // the front receiver), studies sent by a modality, so Orthanc holds their calling AE title.
  stack = await startStack({ dataDir, orthancIndex: 'sqlite', env: { DICOM_FRONT: 'off' } });
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
  // npm run backup refuses such a folder too: its dump of Orthanc's index would be empty.
  await expect(takeBackup({ dataDir, pg: stack.config.pg, backupRoot: join(oldBackup, '..', 'refused') })).rejects.toThrow(MIGRATE_COMMAND);
  mkdirSync(join(oldBackup, 'postgres'), { recursive: true });
  await dumpDatabase(stack.config.pg, 'pacs', join(oldBackup, 'postgres', 'pacs.dump'));
  await stack.stop();
  stack = undefined;
  writeOldBackup();
});

/** The rest of that older backup, from the stopped folder (the old backup copied the index while Orthanc ran). */
function writeOldBackup(): void {
  mkdirSync(join(oldBackup, 'orthanc'), { recursive: true });
  copyFileSync(sqliteIndex, join(oldBackup, 'orthanc', 'index'));
  copyFileSync(join(dataDir, 'orthanc', 'config', 'network.json'), join(oldBackup, 'orthanc', 'network.json'));
  const storage = join(dataDir, 'orthanc', 'storage');
  const files = readdirSync(storage, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ({ uuid: entry.name, size: statSync(join(entry.parentPath, entry.name)).size }))
    .sort((a, b) => (a.uuid < b.uuid ? -1 : 1));
  for (const file of files) {
    mkdirSync(join(oldBackup, 'storage', storagePath(file.uuid), '..'), { recursive: true });
    copyFileSync(join(storage, storagePath(file.uuid)), join(oldBackup, 'storage', storagePath(file.uuid)));
  }
  writeFileSync(join(oldBackup, 'storage.tsv'), formatFileList(files));
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    databases: ['pacs'],
    orthancIndex: 'sqlite',
    network: true,
    storage: { files: files.length, bytes, copied: files.length, copiedBytes: bytes, linked: 0 },
    missing: [],
    previous: null,
    orthancPausedMs: 1,
    seconds: 1,
  };
  writeFileSync(join(oldBackup, 'manifest.json'), JSON.stringify(manifest));
}

afterAll(async () => {
  await stack?.stop();
  if (!process.env.KEEP_TEST_DATA) {
    for (const dir of [dataDir, oldBackup, join(oldBackup, '..', 'refused'), `${oldBackup}-restored`])
      rmSync(dir, { recursive: true, force: true });
  }
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

  it('a backup taken before the move restores into a data folder on PostgreSQL, migrated on the way', async () => {
    await stack?.stop();
    stack = undefined;
    const restored = `${oldBackup}-restored`;
    const result = await restoreBackup({
      backupDir: oldBackup,
      dataDir: restored,
      pgUser: 'pacs',
      pgDatabase: 'pacs',
      orthancUser: 'pacs',
      dicomAet: 'PACS',
    });
    expect(result).toMatchObject({ studies: OLD.length, instances: OLD.length, files: OLD.length });
    expect(existsSync(join(restored, 'orthanc', 'index', 'index'))).toBe(false);
    stack = await startStack({ dataDir: restored });
    expect(await orthancStatistics(stack.config)).toEqual(before.statistics);
    const admin = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    expect((await admin.agent.get(`${API}/studies/search`).expect(200)).body.Count).toBe(before.listed);
  });
});
