import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeflateRaw } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileIdentity } from './study-uid.ts';

const FILES = '/usr/lib/python3/dist-packages/pydicom/data/test_files';
const dir = mkdtempSync(join(tmpdir(), 'pacs-study-uid-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, data: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
}

/** Preamble, DICM and a File Meta group with only a Transfer Syntax UID. */
function metaWith(syntax: string): Buffer {
  const value = Buffer.from(syntax.length % 2 ? `${syntax}\0` : syntax, 'latin1');
  const element = Buffer.alloc(8);
  element.writeUInt16LE(0x0002, 0);
  element.writeUInt16LE(0x0010, 2);
  element.write('UI', 4, 'latin1');
  element.writeUInt16LE(value.length, 6);
  return Buffer.concat([Buffer.alloc(128), Buffer.from('DICM'), element, value]);
}

/** One explicit VR little endian element. */
function ui(group: number, element: number, text: string): Buffer {
  const value = Buffer.from(text.length % 2 ? `${text}\0` : text, 'latin1');
  const header = Buffer.alloc(8);
  header.writeUInt16LE(group, 0);
  header.writeUInt16LE(element, 2);
  header.write('UI', 4, 'latin1');
  header.writeUInt16LE(value.length, 6);
  return Buffer.concat([header, value]);
}

async function uidOf(path: string): Promise<string | undefined> {
  return (await readFileIdentity(path, readFileSync(path).length))?.study;
}

describe('readFileIdentity', () => {
  it('reads the StudyInstanceUID of Part 10 files, bare datasets and deflated files', async () => {
    expect(await uidOf(`${FILES}/CT_small.dcm`)).toBe('1.3.6.1.4.1.5962.1.2.1.20040119072730.12322');
    // No preamble, no File Meta: implicit VR little endian straight away.
    expect(await uidOf(`${FILES}/rtstruct.dcm`)).toMatch(/^[\d.]+$/);
    expect(await uidOf(`${FILES}/image_dfl.dcm`)).toMatch(/^[\d.]+$/);
  });

  it('reads the series and the modality beside the study', async () => {
    const path = `${FILES}/CT_small.dcm`;
    expect(await readFileIdentity(path, readFileSync(path).length)).toEqual({
      study: '1.3.6.1.4.1.5962.1.2.1.20040119072730.12322',
      series: '1.3.6.1.4.1.5962.1.3.1.1.20040119072730.12322',
      modality: 'CT',
    });
  });

  it('finds nothing in other content', async () => {
    expect(await uidOf(file('notes.txt', Buffer.from('just some notes, nothing more')))).toBeUndefined();
    expect(await uidOf(file('empty.dcm', Buffer.alloc(0)))).toBeUndefined();
  });

  it('inflates only a bounded prefix of a deflated dataset', async () => {
    // 200 MB of zeros after the UID compress to about 200 kB; only the start may be inflated.
    const deflate = createDeflateRaw();
    const compressed: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
    const done = new Promise((resolve) => deflate.on('end', resolve));
    deflate.write(ui(0x0020, 0x000d, '1.2.3.4'));
    const zeros = Buffer.alloc(1024 ** 2);
    for (let i = 0; i < 200; i++) deflate.write(zeros);
    deflate.end();
    await done;
    const bomb = file('bomb.dcm', Buffer.concat([metaWith('1.2.840.10008.1.2.1.99'), ...compressed]));
    expect(readFileSync(bomb).length).toBeLessThan(1024 ** 2);
    const before = process.memoryUsage().rss;
    expect(await uidOf(bomb)).toBe('1.2.3.4');
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 ** 2);
  });

  it('refuses a value that is not a plausible UID', async () => {
    const dataset = ui(0x0020, 0x000d, '1.2\\3.4');
    expect(await uidOf(file('multi.dcm', Buffer.concat([metaWith('1.2.840.10008.1.2.1'), dataset])))).toBeUndefined();
  });
});
