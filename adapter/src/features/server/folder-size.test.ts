import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskUsage, folderStatus } from './folder-size.ts';

const MIB = 1024 * 1024;
const root = mkdtempSync(join(tmpdir(), 'pacs-folder-size-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder with `mib` MiB of real (non-sparse) bytes in one file. */
function folderWith(name: string, mib: number): string {
  const dir = join(root, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'data.bin'), Buffer.alloc(mib * MIB, 7));
  return dir;
}

describe('diskUsage', () => {
  it('counts a hard-linked file once and does not follow a symbolic link', async () => {
    const dir = folderWith('links', 2);
    const alone = await diskUsage(dir);
    expect(alone).toBeGreaterThanOrEqual(2 * MIB);
    expect(alone).toBeLessThan(2 * MIB + 64 * 1024);
    linkSync(join(dir, 'data.bin'), join(dir, 'again.bin'));
    const outside = folderWith('outside', 4);
    symlinkSync(join(outside, 'data.bin'), join(dir, 'elsewhere.bin'));
    symlinkSync(outside, join(dir, 'elsewhere'));
    expect(await diskUsage(dir)).toBeLessThan(2 * MIB + 64 * 1024);
  });

  it('refuses a path that is not there instead of answering 0', async () => {
    await expect(diskUsage(join(root, 'absent'))).rejects.toThrow(/no total/);
  });
});

describe('folderStatus', () => {
  it('answers the last measure at once once it is old, and the next one when its walk ends', async () => {
    const dir = folderWith('stale', 1);
    const first = await folderStatus(dir, Date.now());
    expect(first.status).toMatchObject({ Path: dir, Exists: true });
    expect(first.status.Used).toBeGreaterThanOrEqual(MIB);
    expect(first.status.Capacity).toBeGreaterThan(first.status.Available);
    writeFileSync(join(dir, 'more.bin'), Buffer.alloc(3 * MIB, 1));
    // Within its reuse time: the same measure.
    expect((await folderStatus(dir, first.at)).status.Used).toBe(first.status.Used);
    // Past it: still the same measure, answered without waiting, and a walk started.
    const later = Date.now() + 60_000;
    const stale = await folderStatus(dir, later);
    expect(stale.status.Used).toBe(first.status.Used);
    expect(stale.at).toBe(first.at);
    await expect.poll(async () => (await folderStatus(dir, Date.now())).status.Used, { timeout: 10_000 }).toBeGreaterThanOrEqual(4 * MIB);
  });

  it('says a folder does not exist yet, with the capacity where it would be made', async () => {
    const { status } = await folderStatus(join(root, 'not', 'yet'));
    expect(status).toMatchObject({ Exists: false, Used: 0 });
    expect(status.Capacity).toBeGreaterThan(0);
  });
});
