/**
 * The front's durability and its drain, in this process: in `group` mode every file an association
 * spooled is synced before dcmtk's storescu hears the release (real listener, real spool, real
 * storescu; the sync recorded); the drain gives way while an association receives, resumes when
 * none does, and at the latest once the oldest file is older than the bound (a stub Orthanc).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/pool.ts';
import type { OrthancClient } from '../../orthanc/client.ts';
import { DicomFront } from './front.ts';
import { SpoolDrain, drainSlots } from './drain.ts';
import { GROUP_MS, SyncGroup, parseFsyncMode } from './durability.ts';
import { fileMetaHeader, prepareSpool, spoolFolders, type SpoolFolders } from './spool.ts';

const CT_SMALL = '/usr/lib/python3/dist-packages/pydicom/data/test_files/CT_small.dcm';

const dirs: string[] = [];
async function spool(): Promise<SpoolFolders> {
  const dir = mkdtempSync(join(tmpdir(), 'front-unit-'));
  dirs.push(dir);
  const folders = spoolFolders(dir, 0);
  await prepareSpool(folders);
  return folders;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DICOM_FRONT_FSYNC', () => {
  it('reads each, group and off, and the boolean values it had first', () => {
    expect(['each', 'GROUP', 'off', 'true', '1', 'false', 'no', 'sometimes'].map(parseFsyncMode)).toEqual([
      'each',
      'group',
      'off',
      'each',
      'each',
      'off',
      'off',
      undefined,
    ]);
  });

  it('syncs a group within its delay, and on flush everything added before it', async () => {
    const synced: string[] = [];
    const group = new SyncGroup('/spool', (path) => {
      synced.push(path);
      return Promise.resolve();
    });
    group.add('/spool/a.dcm');
    group.add('/spool/b.dcm');
    await wait(GROUP_MS + 50);
    expect(synced).toEqual(['/spool/a.dcm', '/spool/b.dcm', '/spool']);
    group.add('/spool/c.dcm');
    await group.flush();
    expect(synced.slice(3)).toEqual(['/spool/c.dcm', '/spool']);
  });

  it('in group mode, has every file an association spooled on disk before the release is answered', async () => {
    const folders = await spool();
    const synced: string[] = [];
    let folderSyncedAfter = 0;
    const front = new DicomFront({
      host: '127.0.0.1',
      port: 0,
      orthancPort: 1,
      folders,
      fsync: 'group',
      artimMs: 10_000,
      idleMs: 10_000,
      decide: () => Promise.resolve({ accept: true, mayStore: true, mayEcho: true }),
      spooled: () => undefined,
      // Slow enough that an answer not waiting for it would be seen.
      sync: async (path, data) => {
        await wait(20);
        if (data) synced.push(path);
        else folderSyncedAfter = synced.length;
      },
    });
    await front.listen();
    try {
      const storescu = spawn('storescu', ['-aec', 'PACS', '127.0.0.1', String(front.port), CT_SMALL, CT_SMALL, CT_SMALL], {
        stdio: 'ignore',
      });
      const code = await new Promise<number | null>((resolve, reject) => {
        storescu.on('error', reject);
        storescu.on('exit', resolve);
      });
      expect(code).toBe(0);
      // storescu exits after the A-RELEASE-RP: by then each spooled file and the folder were synced.
      const spooled = readdirSync(folders.ready)
        .filter((name) => name.endsWith('.dcm'))
        .map((name) => join(folders.ready, name));
      expect(spooled).toHaveLength(3);
      expect([...synced].sort()).toEqual(spooled.sort());
      expect(folderSyncedAfter).toBe(3);
      // The file created ahead for a next instance (spool.ts SpareFile) goes with the association.
      for (let i = 0; i < 50 && readdirSync(folders.tmp).length > 0; i++) await wait(20);
      expect(readdirSync(folders.tmp)).toEqual([]);
    } finally {
      await front.close();
    }
  }, 30_000);
});

describe('the drain', () => {
  it('hands files over at full pace when no association is open, none while one receives, one past the bound', () => {
    expect(drainSlots(0, 0)).toBe(3);
    expect(drainSlots(1, 9_999, 10_000)).toBe(0);
    expect(drainSlots(2, 10_000, 10_000)).toBe(1);
  });

  async function drainOf(folders: SpoolFolders, receiving: () => number, boundMs: number) {
    const posted: number[] = [];
    const orthanc = {
      request: async (_path: string, init: { upload: { stream: AsyncIterable<Buffer> } }) => {
        // Read whole, as Orthanc would, before answering.
        for await (const chunk of init.upload.stream) expect(chunk.length).toBeGreaterThan(0);
        posted.push(Date.now());
        return { ok: true, status: 200, text: () => Promise.resolve('{}') };
      },
    } as unknown as OrthancClient;
    const db = { query: () => Promise.resolve({ rows: [] }) } as unknown as Db;
    const drain = new SpoolDrain(folders, orthanc, db, receiving, boundMs);
    await drain.start();
    const file = join(folders.ready, `${Date.now()}-test.dcm`);
    writeFileSync(file, fileMetaHeader({ sopClassUid: '1.2', sopInstanceUid: '', transferSyntax: '1.2.840.10008.1.2.1', callingAet: 'X' }));
    return { drain, posted, file };
  }

  it('gives way while an association receives, and resumes as soon as none does', async () => {
    const folders = await spool();
    let receiving = 1;
    const { drain, posted, file } = await drainOf(folders, () => receiving, 10_000);
    drain.add(file);
    await wait(200);
    expect(posted).toHaveLength(0);
    receiving = 0;
    drain.wake();
    await drain.idle();
    expect(posted).toHaveLength(1);
    expect(readdirSync(folders.ready).filter((name) => name.endsWith('.dcm'))).toEqual([]);
    drain.stop();
  });

  it('hands a file over once it is older than the bound, even while an association receives', async () => {
    const folders = await spool();
    const { drain, posted, file } = await drainOf(folders, () => 1, 300);
    const added = Date.now();
    drain.add(file);
    await drain.idle();
    expect(posted).toHaveLength(1);
    expect(posted[0]! - added).toBeGreaterThanOrEqual(300);
    drain.stop();
  });
});

describe('the spool at start', () => {
  it('takes over what a front left under its former port, drops only what was never acknowledged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'front-ports-'));
    try {
      const former = spoolFolders(dir, 104);
      for (const folder of [former.tmp, former.failed]) mkdirSync(folder, { recursive: true });
      writeFileSync(join(former.ready, '0001-a.dcm'), 'acknowledged');
      writeFileSync(join(former.failed, '0002-b.dcm'), 'refused by Orthanc');
      writeFileSync(join(former.tmp, '0003-c.dcm'), 'half received');
      const current = spoolFolders(dir, 11112);
      await prepareSpool(current);
      expect(readdirSync(current.ready).filter((name) => name.endsWith('.dcm'))).toEqual(['0001-a.dcm']);
      expect(readdirSync(current.failed)).toEqual(['0002-b.dcm']);
      expect(readdirSync(former.ready).filter((name) => name.endsWith('.dcm'))).toEqual([]);
      expect(readdirSync(former.failed)).toEqual([]);
      // A file half received under the former port was never acknowledged: it is not taken over.
      expect(readdirSync(current.tmp)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves alone the spool of another live front (a cluster replica), and takes a dead one’s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'front-owners-'));
    const other = spawn('sleep', ['30']);
    try {
      const live = spoolFolders(dir, 4243);
      const dead = spoolFolders(dir, 4244);
      for (const folder of [live.ready, dead.ready]) mkdirSync(folder, { recursive: true });
      writeFileSync(join(live.ready, '..', 'front.pid'), `${other.pid}\n`);
      writeFileSync(join(live.ready, '0001-a.dcm'), 'draining there');
      // A pid no process has (the kernel's pid_max is below 2^22).
      writeFileSync(join(dead.ready, '..', 'front.pid'), '4194305\n');
      writeFileSync(join(dead.ready, '0002-b.dcm'), 'left by a killed replica');
      const current = spoolFolders(dir, 4242);
      await prepareSpool(current);
      expect(readdirSync(current.ready).filter((name) => name.endsWith('.dcm'))).toEqual(['0002-b.dcm']);
      expect(readdirSync(live.ready).filter((name) => name.endsWith('.dcm'))).toEqual(['0001-a.dcm']);
      expect(readFileSync(join(current.ready, '..', 'front.pid'), 'utf8')).toBe(`${process.pid}\n`);
    } finally {
      other.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
