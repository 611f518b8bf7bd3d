/**
 * Backup and restore against real services: a running PACS with studies (stored by storescu),
 * accounts, a share and a report is backed up, twice (the second copies only the new files), once
 * more during an ingest; each backup is restored into a new data folder, the product is started on
 * it, and every study opens and every row of the key tables matches.
 */
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../harness/stack.ts';
import { API, signIn, type Session } from '../harness/api.ts';
import { orthancStatistics, tinyStudy, tinyStudyUids, type TinyStudy } from '../harness/dicom.ts';
import { createReader, storeTinyStudies, waitForIndexedStudies } from '../harness/fixtures.ts';
import { takeBackup, type BackupOptions, type BackupResult } from '../../scripts/backup/take-backup.ts';
import { RestoreError, restoreBackup, type RestoreOptions } from '../../scripts/backup/restore-backup.ts';
import { storagePath } from '../../scripts/backup/storage-files.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'pacs-backup-'));
chmodSync(root, 0o711);
const backups = join(root, 'backups');
const NAMES = { pgUser: 'pacs', pgDatabase: 'pacs', orthancUser: 'pacs', dicomAet: 'PACS' } satisfies Omit<
  RestoreOptions,
  'backupDir' | 'dataDir'
>;

const study = (seed: string, patient: string, modality = 'CT'): TinyStudy => ({
  seed,
  patientName: `Backup^${patient}`,
  patientId: patient,
  modality,
  institutionName: 'Main Hospital',
});
const FIRST = [study('bk-1', 'P1'), study('bk-2', 'P1', 'MR'), study('bk-3', 'P2')];
const LATER = [study('bk-4', 'P3'), study('bk-5', 'P4', 'MR')];

let original: Stack;
let admin: Session;
const stacks: Stack[] = [];
let first: BackupResult;
let second: BackupResult;

/** The rows a restore must bring back exactly, read in one order. */
async function keyRows(stack: Stack) {
  const all = (table: string, order: string) => stack.sql(`select * from ${table} order by ${order}`);
  return {
    accounts: await all('accounts', 'id'),
    roles: await all('roles', 'no'),
    shares: await all('share_studies', 'no'),
    reports: await all('reports', 'no'),
    documents: await all('documents', 'id'),
    studies: await all('studies', 'id'),
    counts: await stack.sql(
      `select (select count(*) from studies) as studies, (select count(*) from series) as series, (select count(*) from instances) as instances`,
    ),
  };
}

function backupOf(stack: Stack, extra: Pick<BackupOptions, 'keep' | 'afterIndexCopy'> = {}) {
  return takeBackup({ dataDir: stack.dataDir, pg: stack.config.pg, backupRoot: backups, ...extra });
}

/** The CLI as an operator runs it (npm run restore / backup run this file). */
function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/backup/cli.ts'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** Restores a backup into a new folder, starts the product on it and signs in. */
async function restoreAndStart(
  backupDir: string | null,
  name: string,
): Promise<{ stack: Stack; before: Awaited<ReturnType<typeof keyRows>> }> {
  // One restored product at a time.
  for (const running of stacks.splice(0)) await running.stop();
  const dataDir = join(root, name);
  // null: restored already (the caller checked the restore's own answer).
  if (backupDir !== null) expect((await restoreBackup({ ...NAMES, backupDir, dataDir })).files).toBeGreaterThan(0);
  // Its database holds the original's DICOM port, which the original still listens on (with the
  // DICOM front receiver on, the adapter itself binds it): the copy gets a port of its own.
  const stack = await startStack({
    dataDir,
    beforeAdapter: async (config, sql) => {
      await sql('update providers set port = $1', [config.dicomPort]);
    },
  });
  stacks.push(stack);
  // Read before anyone signs in (a sign-in writes to accounts).
  return { stack, before: await keyRows(stack) };
}

beforeAll(async () => {
  original = await startStack();
  admin = await signIn(original.baseUrl, 'admin', original.adminPassword);
  await storeTinyStudies(original, admin, FIRST);
  await createReader(admin, {
    id: 'reader',
    password: 'reader-pass',
    role: { name: 'Readers', permissions: { list: true, viewer: true } },
  });
  await admin.agent
    .post(`${API}/sharestudies/create`)
    .set(admin.csrf)
    .type('form')
    .send({ uid: tinyStudyUids('bk-1').study, ExpiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10) })
    .expect(200);
  const report = await admin.agent
    .post(`${API}/reports/create`)
    .set(admin.csrf)
    .type('form')
    .send({ uid: tinyStudyUids('bk-2').study, name: 'MR report', status: 'Final', title: 'MR head', findings: 'Normal.' })
    .expect(200);
  expect(report.body.No).toBeGreaterThan(0);
});

afterAll(async () => {
  for (const stack of stacks) await stack.stop().catch(() => undefined);
  await original?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it("takes the databases (Orthanc's index among them) and every stored file while the PACS runs", async () => {
    first = await backupOf(original);
    const { manifest } = first;
    const instances = (await orthancStatistics(original.config)).CountInstances;
    // The product's database first, Orthanc's index (its own database) last.
    expect(manifest.databases).toEqual(['pacs', 'orthanc']);
    expect(manifest.orthancIndex).toBe('postgresql');
    expect(manifest.storage).toMatchObject({ files: instances, copied: instances, linked: 0 });
    expect(manifest.missing).toEqual([]);
    expect(manifest.previous).toBeNull();
    // Orthanc's index is in the dump: nothing of Orthanc's is paused or copied beside it.
    expect(manifest.orthancPausedMs).toBeUndefined();
    expect(existsSync(join(first.dir, 'orthanc', 'index'))).toBe(false);
    console.log(`first backup: ${instances} files, ${manifest.seconds} s`);
    for (const file of ['postgres/pacs.dump', 'postgres/orthanc.dump', 'orthanc/network.json', 'storage.tsv', 'manifest.json'])
      expect(existsSync(join(first.dir, file)), file).toBe(true);
  });

  it('copies only the files the previous backup lacks, and links the rest', async () => {
    await storeTinyStudies(original, admin, LATER, { total: FIRST.length + LATER.length });
    second = await backupOf(original);
    const { storage, previous } = second.manifest;
    expect(previous).toBe(first.dir.split('/').at(-1));
    expect(storage).toMatchObject({ files: first.manifest.storage.files + LATER.length, copied: LATER.length });
    expect(storage.linked).toBe(first.manifest.storage.files);
    // A linked file is the previous backup's own (one inode), not a copy.
    const [one] = readFileSync(join(first.dir, 'storage.tsv'), 'utf8').split('\t');
    const path = storagePath(one!);
    expect(statSync(join(second.dir, 'storage', path)).ino).toBe(statSync(join(first.dir, 'storage', path)).ino);
    console.log(`second backup: ${storage.files} files, ${storage.copied} copied, ${storage.linked} linked`);
  });

  it('runs from the command line, and keeps the newest N when asked', async () => {
    const env = {
      DATA_DIR: original.dataDir,
      PG_PORT: String(original.config.pg.port),
      PG_PASSWORD: original.config.pg.password,
      BACKUP_DIR: backups,
    };
    const third = await cli(['backup', '--keep', '2'], env);
    expect(third.code, third.out).toBe(0);
    expect(third.out).toMatch(new RegExp(`0 copied .*, ${second.manifest.storage.files} linked`));
    expect(third.out).toContain(`removed the old backup ${first.dir.split('/').at(-1)}`);
    expect(existsSync(first.dir)).toBe(false);
    // The second backup stays complete on its own although the first, which it links to, is gone.
    expect(existsSync(join(second.dir, 'manifest.json'))).toBe(true);

    const bad = await cli(['backup', '--keep', 'many'], env);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/--keep \/ BACKUP_KEEP must be a whole number/);
  });
});

let duringIngest: BackupResult;
const INGEST = 300;

describe('a backup during an ingest', () => {
  it('holds the files of what its dump of the index holds, and nothing half-stored', async () => {
    const dir = join(root, 'ingest');
    mkdirSync(dir);
    const files = Array.from({ length: INGEST }, (_, i) => {
      const file = join(dir, `${i}.dcm`);
      writeFileSync(file, tinyStudy(study(`bk-ingest-${i}`, `I${i % 20}`)));
      return file;
    });
    const sending = new Promise<number | null>((resolve) => {
      const storescu = spawn('storescu', ['-aec', 'PACS', '127.0.0.1', String(original.config.dicomPort), ...files], {
        env: { ...process.env, TCP_NODELAY: '1' },
        stdio: 'ignore',
      });
      storescu.on('close', resolve);
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    duringIngest = await backupOf(original);
    expect(await sending).toBe(0);
    const { storage, missing } = duringIngest.manifest;
    expect(missing).toEqual([]);
    // Whatever part of the ingest it caught (a figure, timing-dependent), every file it lists is there.
    console.log(
      `backup during ingest: ${storage.files - second.manifest.storage.files} of ${INGEST} new instances, ${storage.copied} copied`,
    );
    expect(storage.files).toBeGreaterThanOrEqual(second.manifest.storage.files);
    expect(storage.files).toBeLessThanOrEqual(second.manifest.storage.files + INGEST);
  });
});

let withDeletion: BackupResult;
const DELETED = tinyStudyUids('bk-gone');

describe('a study deleted while the backup copies files', () => {
  it('is listed as missing, with the resource the restore must delete', async () => {
    // A new study: its file is not in the previous backup (one that is would be linked from there).
    await storeTinyStudies(original, admin, [study('bk-gone', 'P9')], { total: FIRST.length + LATER.length + INGEST + 1 });
    await waitForIndexedStudies(original, [DELETED.study]);
    const [row] = await original.sql<{ orthanc_id: string }>('select orthanc_id from studies where study_instance_uid = $1', [
      DELETED.study,
    ]);
    const { url, user, password } = original.config.orthanc;
    withDeletion = await backupOf(original, {
      // What the recycle bin's permanent delete does, at the worst moment.
      afterIndexCopy: async () => {
        const response = await fetch(`${url}/studies/${row!.orthanc_id}`, {
          method: 'DELETE',
          headers: { authorization: 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64') },
        });
        expect(response.status).toBe(200);
      },
    });
    expect(withDeletion.manifest.missing).toEqual([{ resource: expect.any(String), level: 'Instance' }]);
    expect(withDeletion.manifest.storage.files).toBe((await orthancStatistics(original.config)).CountInstances);
  });
});

describe('npm run restore', () => {
  it('refuses what is not a backup, a folder that is not empty, and a missing argument, with a clear message', async () => {
    const notBackup = join(root, 'not-a-backup');
    mkdirSync(notBackup);
    await expect(restoreBackup({ ...NAMES, backupDir: notBackup, dataDir: join(root, 'x') })).rejects.toThrow(
      /is not a complete backup \(it has no manifest.json\)/,
    );
    const busy = join(root, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'keep.txt'), 'mine');
    await expect(restoreBackup({ ...NAMES, backupDir: second.dir, dataDir: busy })).rejects.toThrow(RestoreError);
    await expect(restoreBackup({ ...NAMES, backupDir: second.dir, dataDir: busy })).rejects.toThrow(/is not empty.*--force/);
    expect(existsSync(join(busy, 'keep.txt'))).toBe(true);
    // --force over the data folder of a running PACS is refused too.
    await expect(restoreBackup({ ...NAMES, backupDir: second.dir, dataDir: original.dataDir, force: true })).rejects.toThrow(
      /A PACS is running on/,
    );

    // A damaged backup is refused before --force replaces anything.
    const damaged = join(root, 'damaged');
    cpSync(second.dir, damaged, { recursive: true });
    const [name] = readFileSync(join(damaged, 'storage.tsv'), 'utf8').split('\t');
    rmSync(join(damaged, 'storage', storagePath(name!)));
    await expect(restoreBackup({ ...NAMES, backupDir: damaged, dataDir: busy, force: true })).rejects.toThrow(/The backup lacks .*damaged/);
    expect(existsSync(join(busy, 'keep.txt'))).toBe(true);

    const usage = await cli(['restore']);
    expect(usage.code).toBe(1);
    expect(usage.out).toMatch(/Usage: npm run restore -- <backup folder>/);
    const missing = await cli(['restore', join(root, 'nothing-here'), '--data-dir', join(root, 'y')]);
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/does not exist/);
  });

  it('restores into a new data folder on which the product starts with every study and row', async () => {
    const expected = await keyRows(original);
    expect(expected.accounts.length).toBeGreaterThanOrEqual(2);
    expect(expected.shares).toHaveLength(1);
    expect(expected.reports).toHaveLength(1);
    // The restored Orthanc takes the original's DICOM port (kept in the database): stop the original.
    const uids = [...FIRST, ...LATER].map((s) => tinyStudyUids(s.seed));
    await original.stopOrthanc();
    // With Orthanc stopped, its index is dumped as with it running, and nothing new is copied.
    const offline = await backupOf(original);
    expect(offline.manifest.storage).toMatchObject({ copied: 0, linked: withDeletion.manifest.storage.files });
    // The backup during the ingest came later; this one is restored to the rows read above.
    expected.studies = expected.studies.filter((row) => uids.some((uid) => uid.study === row.study_instance_uid));
    expected.counts = [{ studies: uids.length, series: uids.length, instances: uids.length }];

    const { stack, before } = await restoreAndStart(second.dir, 'restored');
    expect(before).toEqual(expected);
    expect(Number(before.counts[0]!.studies)).toBe(uids.length);

    const session = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    for (const uid of uids) {
      await session.agent.get(`${API}/studies/find`).query({ uid: uid.study }).expect(200);
      const frame = await session.agent
        .get(`${API}/dicom-web/studies/${uid.study}/series/${uid.series}/instances/${uid.instance}/frames/1`)
        .set('Accept', 'multipart/related; type="application/octet-stream"; transfer-syntax=*')
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(frame.status, uid.study).toBe(200);
      // The 16×16 8-bit frame, inside its multipart envelope.
      expect((frame.body as Buffer).length).toBeGreaterThanOrEqual(256);
    }
    expect((await session.agent.get(`${API}/studies/search`).expect(200)).body.Count).toBe(uids.length);
    // The other account still signs in, with its password.
    await signIn(stack.baseUrl, 'reader', 'reader-pass');
  });

  it('restores the backup taken during an ingest to a study index that equals its Orthanc', async () => {
    const { stack, before } = await restoreAndStart(duringIngest.dir, 'restored-ingest');
    const orthanc = await orthancStatistics(stack.config);
    expect(orthanc.CountInstances).toBe(duringIngest.manifest.storage.files);
    expect(Number(before.counts[0]!.studies)).toBe(orthanc.CountStudies);
    expect(Number(before.counts[0]!.instances)).toBe(orthanc.CountInstances);
    // What the dump already held (accounts, shares, reports) is there as it was.
    expect(before.shares).toHaveLength(1);
    expect(before.reports).toHaveLength(1);
    const session = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    expect((await session.agent.get(`${API}/studies/search`).expect(200)).body.Count).toBe(orthanc.CountStudies);
  });

  it('deletes what was deleted during the backup and rebuilds the study index from the restored Orthanc', async () => {
    const result = await restoreBackup({ ...NAMES, backupDir: withDeletion.dir, dataDir: join(root, 'restored-deletion') });
    expect(result).toMatchObject({ deleted: 1, index: 'rebuilt' });
    const { stack, before } = await restoreAndStart(null, 'restored-deletion');
    const orthanc = await orthancStatistics(stack.config);
    expect(orthanc.CountInstances).toBe(withDeletion.manifest.storage.files);
    expect(Number(before.counts[0]!.instances)).toBe(orthanc.CountInstances);
    expect(before.studies.map((row) => row.study_instance_uid)).not.toContain(DELETED.study);
    const session = await signIn(stack.baseUrl, 'admin', stack.adminPassword);
    await session.agent.get(`${API}/studies/find`).query({ uid: DELETED.study }).expect(404);
  });
});
