import { appendFileSync, mkdtempSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LogTail } from './log-tail.ts';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'log-tail-'));
  path = join(dir, 'orthanc.log');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const texts = async (tail: LogTail) => (await tail.read()).map((line) => line.text);

describe('log tail', () => {
  it('waits for an absent file, then reads it from its start when told so', async () => {
    const tail = new LogTail(path, async () => 0);
    expect(await texts(tail)).toEqual([]);
    writeFileSync(path, 'one\ntwo\nthr');
    expect(await texts(tail)).toEqual(['one', 'two']);
    appendFileSync(path, 'ee\n');
    expect(await texts(tail)).toEqual(['three']);
    await tail.close();
  });

  it('starts where `start` says (the end of a file never counted, a cursor) and gives each line its end', async () => {
    writeFileSync(path, 'old 1\nold 2\n');
    const tail = new LogTail(path, async (_id, size) => size);
    expect(await texts(tail)).toEqual([]);
    appendFileSync(path, 'new\n');
    const lines = await tail.read();
    expect(lines.map((line) => [line.text, line.end])).toEqual([['new', 16]]);
    // Another tail resuming at that cursor reads only what came after.
    appendFileSync(path, 'later\n');
    const again = new LogTail(path, async (fileId) => (fileId === lines[0]!.fileId ? 16 : 0));
    expect(await texts(again)).toEqual(['later']);
    await Promise.all([tail.close(), again.close()]);
  });

  it('reads the rest of a rotated file, then the new one from its start', async () => {
    writeFileSync(path, 'a 1\n');
    // The first file from its end, a new one after a rotation from 0 (as the follower decides).
    let opened = 0;
    const tail = new LogTail(path, async (_id, size) => (opened++ === 0 ? size : 0));
    await tail.read();
    appendFileSync(path, 'a 2\n');
    renameSync(path, `${path}.1`);
    appendFileSync(`${path}.1`, 'a 3\n');
    writeFileSync(path, 'b 1\n');
    const first = (await tail.read()).map((line) => [line.text, line.fileId]);
    expect(first.map(([text]) => text)).toEqual(['a 2', 'a 3', 'b 1']);
    expect(first[0]![1]).not.toEqual(first[2]![1]);
    await tail.close();
  });

  it('reads a file truncated in place (copytruncate) again from its start, as a new file', async () => {
    writeFileSync(path, 'I1126 10:00:00.000001 first line\nsecond\n');
    const tail = new LogTail(path, async () => 0);
    const before = await tail.read();
    truncateSync(path, 0);
    appendFileSync(path, 'I1126 10:05:00.000002 after truncation\n');
    const after = await tail.read();
    expect(after.map((line) => line.text)).toEqual(['I1126 10:05:00.000002 after truncation']);
    expect(after[0]!.fileId).not.toEqual(before[0]!.fileId);
    // Truncated and rewritten past the old size between two reads: the first line tells.
    truncateSync(path, 0);
    appendFileSync(path, `I1126 10:06:00.000003 ${'x'.repeat(100)}\nnext\n`);
    expect(await texts(tail)).toEqual([`I1126 10:06:00.000003 ${'x'.repeat(100)}`, 'next']);
    await tail.close();
  });

  it('drops a line longer than the cap and reads in bounded steps', async () => {
    writeFileSync(path, `short\n${'y'.repeat(5000)}\nafter\n`);
    const tail = new LogTail(path, async () => 0, { chunkBytes: 256, maxLineBytes: 1000, maxBytesPerRead: 1024 });
    const seen: string[] = [];
    for (let i = 0; i < 10; i++) seen.push(...(await texts(tail)));
    expect(seen).toEqual(['short', 'after']);
    await tail.close();
  });
});
