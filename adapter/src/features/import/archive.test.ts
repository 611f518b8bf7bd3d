import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forEachZipEntry } from './archive.ts';

const dir = mkdtempSync(join(tmpdir(), 'pacs-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A zip (deflated) of the given files, folders included, made by Python's zipfile. */
function zip(name: string, files: Record<string, Buffer>): string {
  const source = join(dir, `${name}-src`);
  for (const [path, data] of Object.entries(files)) {
    mkdirSync(join(source, path, '..'), { recursive: true });
    writeFileSync(join(source, path), data);
  }
  const target = join(dir, name);
  execFileSync('python3', [
    '-c',
    'import sys, zipfile, os\nwith zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:\n  for root, dirs, files in sorted(os.walk(sys.argv[2])):\n    for d in sorted(dirs): z.write(os.path.join(root, d), os.path.relpath(os.path.join(root, d), sys.argv[2]))\n    for f in sorted(files): z.write(os.path.join(root, f), os.path.relpath(os.path.join(root, f), sys.argv[2]))',
    target,
    source,
  ]);
  return target;
}

async function read(path: string): Promise<[string, number, string][]> {
  const seen: [string, number, string][] = [];
  await forEachZipEntry(path, async (entry) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await entry.open()) chunks.push(chunk as Buffer);
    seen.push([entry.path, entry.size, Buffer.concat(chunks).toString()]);
  });
  return seen;
}

describe('forEachZipEntry', () => {
  it('hands over file entries in order with their declared size, skipping folders', async () => {
    const path = zip('a.zip', { 'one.dcm': Buffer.from('first'), 'sub/two.dcm': Buffer.from('second entry') });
    expect(await read(path)).toEqual([
      ['one.dcm', 5, 'first'],
      ['sub/two.dcm', 12, 'second entry'],
    ]);
  });

  it('rejects what is not a zip, and stops when the handler throws', async () => {
    const bad = join(dir, 'bad.zip');
    writeFileSync(bad, Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 1)]));
    await expect(read(bad)).rejects.toThrow();
    const path = zip('b.zip', { 'a.dcm': Buffer.from('a'), 'b.dcm': Buffer.from('b') });
    const seen: string[] = [];
    const stop = new Error('stop');
    await expect(
      forEachZipEntry(path, async (entry) => {
        seen.push(entry.path);
        throw stop;
      }),
    ).rejects.toBe(stop);
    expect(seen).toEqual(['a.dcm']);
  });

  it('errors the stream of an entry that inflates past its declared size', async () => {
    const path = zip('c.zip', { 'x.dcm': Buffer.alloc(5000, 65) });
    // Shrink the declared uncompressed size in the local header and the central directory.
    const bytes = readFileSync(path);
    for (let at = 0; at < bytes.length - 4; at++) {
      const signature = bytes.readUInt32LE(at);
      if (signature === 0x04034b50) bytes.writeUInt32LE(100, at + 22);
      if (signature === 0x02014b50) bytes.writeUInt32LE(100, at + 24);
    }
    writeFileSync(path, bytes);
    await expect(read(path)).rejects.toThrow();
  });
});
