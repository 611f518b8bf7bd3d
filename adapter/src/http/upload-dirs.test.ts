/**
 * Upload folders: a request's folder goes when the request ends; a folder left by a process that
 * died (a real one, killed with SIGKILL mid-upload) goes at the next sweep; a folder another live
 * process may still be writing to stays.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_IDLE_MS, NODE_ID, removeStaleUploadDirs, withUploadDir } from './upload-dirs.ts';

let base: string;
let uploads: string;

beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), 'pacs-upload-dirs-'));
  uploads = join(base, 'uploads');
  mkdirSync(uploads);
});
afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

/** A folder as a process `pid` of `node` would have made it, last changed `ageMs` ago. */
function leftBehind(name: string, ageMs = 0): string {
  const dir = join(uploads, name);
  mkdirSync(dir);
  writeFileSync(join(dir, '0'), 'part');
  const when = new Date(Date.now() - ageMs);
  utimesSync(join(dir, '0'), when, when);
  utimesSync(dir, when, when);
  return name;
}

const names = () => readdirSync(uploads).sort();

describe('withUploadDir', () => {
  it('names the folder after this process and removes it afterwards, also when the work fails', async () => {
    let seen = '';
    await expect(
      withUploadDir(base, async (dir) => {
        seen = dir;
        writeFileSync(join(dir, '0'), 'x');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(basename(seen)).toMatch(new RegExp(`^upload-${NODE_ID}-${process.pid}-`));
    expect(existsSync(seen)).toBe(false);
  });
});

describe('removeStaleUploadDirs', () => {
  it('removes the folder of a process that was killed mid-upload', async () => {
    // A real adapter-like process: makes its folder, spools a part, and is killed before it can
    // clean up.
    const script = `
      import { writeFileSync } from 'node:fs';
      import { join } from 'node:path';
      import { withUploadDir } from ${JSON.stringify(join(import.meta.dirname, 'upload-dirs.ts'))};
      await withUploadDir(${JSON.stringify(base)}, async (dir) => {
        writeFileSync(join(dir, '0'), 'half a part');
        process.stdout.write(dir + '\\n');
        await new Promise(() => undefined);
      });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const dir = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.trim());
      });
      child.on('exit', (code) => reject(new Error(`the child ended early (${code})`)));
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(join(dir, '0'))).toBe(true);

    // Fresh, so only the dead process rule can remove it.
    await expect(removeStaleUploadDirs(base)).resolves.toEqual([basename(dir)]);
    expect(names()).toEqual([]);
  });

  it('keeps the folders of live processes of this node, and its own', async () => {
    const live = leftBehind(`upload-${NODE_ID}-4242-aaaaaa`, DEFAULT_MAX_IDLE_MS / 2);
    const own = leftBehind(`upload-${NODE_ID}-${process.pid}-bbbbbb`);
    const dead = leftBehind(`upload-${NODE_ID}-4343-cccccc`);
    const removed = await removeStaleUploadDirs(base, { isAlive: (pid) => pid === 4242 });
    expect(removed).toEqual([dead]);
    expect(names()).toEqual([live, own].sort());
  });

  it('removes folders of other nodes and unknown names only once idle for the limit', async () => {
    // Another replica's pids mean nothing here: only age tells.
    const otherRecent = leftBehind('upload-0123456789ab-1-dddddd', DEFAULT_MAX_IDLE_MS - 60_000);
    const otherIdle = leftBehind('upload-0123456789ab-2-eeeeee', DEFAULT_MAX_IDLE_MS + 60_000);
    const unnamedIdle = leftBehind('upload-ffffff', DEFAULT_MAX_IDLE_MS + 60_000);
    mkdirSync(join(uploads, 'not-an-upload'));
    utimesSync(join(uploads, 'not-an-upload'), new Date(0), new Date(0));
    const removed = await removeStaleUploadDirs(base, { isAlive: () => false });
    expect(removed.sort()).toEqual([otherIdle, unnamedIdle].sort());
    expect(names()).toEqual(['not-an-upload', otherRecent].sort());
  });

  it('counts a part still being written as a change, however old its folder', async () => {
    const busy = leftBehind('upload-0123456789ab-3-ffffff', DEFAULT_MAX_IDLE_MS * 3);
    writeFileSync(join(uploads, busy, '0'), 'more bytes');
    await expect(removeStaleUploadDirs(base)).resolves.toEqual([]);
    expect(names()).toEqual([busy]);
  });

  it('does nothing when no upload was ever made', async () => {
    rmSync(uploads, { recursive: true });
    await expect(removeStaleUploadDirs(base)).resolves.toEqual([]);
  });
});
