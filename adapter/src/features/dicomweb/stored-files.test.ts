import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrthancClient } from '../../orthanc/client.ts';
import { BufferPool, frameLayout, OrthancStorage, releaseRead, SYNC_READ_MAX_BYTES } from './stored-files.ts';

const PYDICOM = '/usr/lib/python3/dist-packages/pydicom/data/test_files';
let dir: string;
let ctFile: Buffer;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pacs-stored-'));
  // pydicom's CT_small: explicit VR little endian, 128×128 16-bit, with trailing padding after the pixels.
  ctFile = readFileSync(`${PYDICOM}/CT_small.dcm`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An Orthanc that knows attachments by instance id (the part not under test). */
function fakeOrthanc(attachments: Record<string, object>): OrthancClient {
  return {
    request: async (path: string) => {
      const id = /^\/instances\/([^/]+)\/attachments\/dicom\/info$/.exec(path)?.[1] ?? '';
      const info = attachments[id];
      return info ? Response.json(info) : new Response('', { status: 404 });
    },
  } as unknown as OrthancClient;
}

function store(uuid: string, bytes: Buffer): void {
  mkdirSync(join(dir, 'storage', uuid.slice(0, 2), uuid.slice(2, 4)), { recursive: true });
  writeFileSync(join(dir, 'storage', uuid.slice(0, 2), uuid.slice(2, 4), uuid), bytes);
}

describe('frameLayout', () => {
  it('finds the frames of a native file where the pixel data lies', () => {
    const layout = frameLayout(ctFile);
    expect(layout).toMatchObject({ syntax: '1.2.840.10008.1.2.1', frameSize: 128 * 128 * 2, count: 1 });
    // Pixel Data (32,768 bytes) is followed by a 126-byte padding element with its 12-byte header.
    expect(layout!.start + layout!.frameSize).toBe(ctFile.length - 126 - 12);
    // Its first pixels, as dcmdump shows them: 00af 00b4 (little endian).
    expect([...ctFile.subarray(layout!.start, layout!.start + 4)]).toEqual([0xaf, 0x00, 0xb4, 0x00]);
  });

  it('leaves other syntaxes to Orthanc', () => {
    const jpeg = readFileSync(`${PYDICOM}/JPGExtended.dcm`);
    expect(frameLayout(jpeg)).toBeNull();
  });
});

describe('OrthancStorage', () => {
  const uuid = '0123abcd-1111-2222-3333-444455556666';
  const size = () => ctFile.length;

  it('reads a file Orthanc stores uncompressed, at the path its UUID names', async () => {
    store(uuid, ctFile);
    const storage = new OrthancStorage(
      fakeOrthanc({ a: { Uuid: uuid, CompressedSize: size(), UncompressedSize: size() } }),
      join(dir, 'storage'),
    );
    expect(await storage.file('a')).toEqual({ path: join(dir, 'storage', '01', '23', uuid), size: size() });
    expect(await storage.frames('a')).toMatchObject({ frameSize: 128 * 128 * 2, count: 1 });
  });

  it('relays what it cannot read as is: compressed, another size, missing, unknown, or no storage folder', async () => {
    store(uuid, ctFile);
    const orthanc = fakeOrthanc({
      compressed: { Uuid: uuid, CompressedSize: 100, UncompressedSize: size() },
      resized: { Uuid: uuid, CompressedSize: size() + 1, UncompressedSize: size() + 1 },
      missing: { Uuid: '99999999-1111-2222-3333-444455556666', CompressedSize: size(), UncompressedSize: size() },
      traversal: { Uuid: '../../etc/passwd', CompressedSize: size(), UncompressedSize: size() },
    });
    const storage = new OrthancStorage(orthanc, join(dir, 'storage'));
    for (const id of ['compressed', 'resized', 'missing', 'traversal', 'unknown']) expect(await storage.file(id), id).toBeNull();
    const none = new OrthancStorage(fakeOrthanc({ a: { Uuid: uuid, CompressedSize: size(), UncompressedSize: size() } }), null);
    expect(await none.file('a')).toBeNull();
  });

  it('uses the location the study index recorded without asking Orthanc, and asks when the file there is not that one', async () => {
    store(uuid, ctFile);
    const asked: string[] = [];
    const orthanc = fakeOrthanc({ b: { Uuid: uuid, CompressedSize: size(), UncompressedSize: size() } });
    const counting = { request: (path: string) => (asked.push(path), orthanc.request(path)) } as unknown as OrthancClient;
    const storage = new OrthancStorage(counting, join(dir, 'storage'));
    const path = join(dir, 'storage', '01', '23', uuid);
    expect(await storage.file('a', async () => ({ uuid, size: size() }))).toEqual({ path, size: size() });
    expect(asked).toEqual([]);
    // Another size (the instance was stored again, or the file is compressed), a file that is gone,
    // or a location that is no UUID: Orthanc is asked, as without a location.
    const gone = '99999999-1111-2222-3333-444455556666';
    for (const [id, located] of [
      ['b', { uuid, size: size() + 1 }],
      ['c', { uuid: gone, size: size() }],
      ['d', { uuid: '../../etc/passwd', size: size() }],
    ] as const) {
      await storage.file(id, async () => located);
    }
    expect(asked.map((p) => p.split('/')[2])).toEqual(['b', 'c', 'd']);
    expect(await storage.file('b')).toEqual({ path, size: size() });
  });

  it('reads a whole file at its recorded location only when it has exactly the recorded size, else as Orthanc locates it', async () => {
    store(uuid, ctFile);
    const asked: string[] = [];
    const orthanc = fakeOrthanc({ b: { Uuid: uuid, CompressedSize: size(), UncompressedSize: size() } });
    const counting = { request: (path: string) => (asked.push(path), orthanc.request(path)) } as unknown as OrthancClient;
    const storage = new OrthancStorage(counting, join(dir, 'storage'));
    expect((await storage.readWhole('a', { uuid, size: size() }))?.equals(ctFile)).toBe(true);
    expect(asked).toEqual([]);
    // Recorded one byte short or long: not that file; Orthanc's location is read instead, or nothing.
    expect((await storage.readWhole('b', { uuid, size: size() - 1 }))?.equals(ctFile)).toBe(true);
    expect(await storage.readWhole('c', { uuid, size: size() + 1 })).toBeNull();
    expect(await storage.readWhole('d', { uuid: '../../etc/passwd', size: 10 })).toBeNull();
    expect(asked.map((p) => p.split('/')[2])).toEqual(['b', 'c', 'd']);
    expect(await new OrthancStorage(counting, null).readWhole('a', { uuid, size: size() })).toBeNull();
  });

  it('reads a file of at most 1 MiB synchronously at its recorded location, only when it has exactly the recorded size', () => {
    const large = Buffer.alloc(100 * 1024, 7);
    const largeUuid = '0123abcd-1111-2222-3333-777788889999';
    store(uuid, ctFile);
    store(largeUuid, large);
    const storage = new OrthancStorage(fakeOrthanc({}), join(dir, 'storage'));
    expect(storage.readRecordedSync('a', { uuid, size: size() })?.equals(ctFile)).toBe(true);
    for (const located of [
      { uuid, size: size() - 1 },
      { uuid, size: size() + 1 },
      { uuid: '99999999-1111-2222-3333-444455556666', size: size() },
      { uuid: '../../etc/passwd', size: 10 },
      { uuid, size: SYNC_READ_MAX_BYTES + 1 },
      null,
    ])
      expect(storage.readRecordedSync('a', located), JSON.stringify(located)).toBeUndefined();
    expect(new OrthancStorage(fakeOrthanc({}), null).readRecordedSync('a', { uuid, size: size() })).toBeUndefined();
    // A larger file comes from the shared pool and goes back to it once released; released twice, once.
    const first = storage.readRecordedSync('b', { uuid: largeUuid, size: large.length })!;
    expect(first.equals(large)).toBe(true);
    releaseRead(first);
    releaseRead(first);
    const second = storage.readRecordedSync('b', { uuid: largeUuid, size: large.length })!;
    expect(second.buffer).toBe(first.buffer);
    expect(second.equals(large)).toBe(true);
  });
});

describe('BufferPool', () => {
  it('hands back buffers of the same rounded size and keeps a bounded amount', () => {
    const pool = new BufferPool();
    const first = pool.take(524_288 + 300);
    expect(first.length).toBe(9 * 64 * 1024);
    pool.give(first);
    expect(pool.take(524_288 + 200)).toBe(first);
    for (let i = 0; i < 200; i++) pool.give(Buffer.allocUnsafeSlow(1024 * 1024));
    expect(pool.keptBytes).toBeLessThanOrEqual(64 * 1024 * 1024);
  });
});
