/**
 * The front's drain, in this process: it gives way while an association receives, resumes when
 * none does, and at the latest once the oldest file is older than the bound (a stub Orthanc).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/pool.ts';
import type { OrthancClient } from '../../orthanc/client.ts';
import { SpoolDrain, drainSlots } from './drain.ts';
import { fileMetaHeader, prepareSpool, spoolFolders, type SpoolFolders } from './spool.ts';

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
