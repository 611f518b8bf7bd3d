import { describe, expect, it } from 'vitest';
import { MetadataCache } from './metadata-cache.ts';
import { etagFor, takesCachedMetadata, withProxyUrls } from './series-metadata.ts';

const bytes = (n: number, fill = 'x') => Buffer.alloc(n, fill);

function counted(body: Buffer) {
  const loader = { calls: 0, load: async () => (loader.calls++, body) };
  return loader;
}

describe('MetadataCache', () => {
  it('answers a second request for the same version from memory, and a new version from Orthanc', async () => {
    const cache = new MetadataCache({ maxBytes: 1000, maxAgeMs: 60_000 });
    const loader = counted(bytes(100));
    const first = await cache.get('s1', 'v1', loader.load);
    expect(await cache.get('s1', 'v1', loader.load)).toBe(first);
    expect(loader.calls).toBe(1);
    // The index moved the series' version (an instance added, edited or deleted): read again, and
    // the older answer is dropped at once.
    await cache.get('s1', 'v2', loader.load);
    expect(loader.calls).toBe(2);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(100);
  });

  it('never holds more bytes than its bound, dropping the least recently used', async () => {
    const cache = new MetadataCache({ maxBytes: 250, maxAgeMs: 60_000 });
    const loaders = ['a', 'b', 'c'].map(() => counted(bytes(60)));
    await cache.get('a', '1', loaders[0]!.load);
    await cache.get('b', '1', loaders[1]!.load);
    await cache.get('c', '1', loaders[2]!.load);
    // 'a' used again: 'b' is now the oldest.
    await cache.get('a', '1', loaders[0]!.load);
    await cache.get('d', '1', counted(bytes(60)).load);
    expect(cache.bytes).toBeLessThanOrEqual(250);
    expect(cache.size).toBe(4);
    await cache.get('e', '1', counted(bytes(60)).load);
    expect(cache.bytes).toBeLessThanOrEqual(250);
    await cache.get('a', '1', loaders[0]!.load);
    await cache.get('b', '1', loaders[1]!.load);
    expect(loaders[0]!.calls).toBe(1);
    expect(loaders[1]!.calls).toBe(2);
  });

  it('serves but does not keep an answer larger than a quarter of its bound', async () => {
    const cache = new MetadataCache({ maxBytes: 400, maxAgeMs: 60_000 });
    const loader = counted(bytes(101));
    expect((await cache.get('big', '1', loader.load)).body.length).toBe(101);
    await cache.get('big', '1', loader.load);
    expect(loader.calls).toBe(2);
    expect(cache.bytes).toBe(0);
  });

  it('reads again after its maximum age, and forgets a series on demand', async () => {
    let now = 0;
    const cache = new MetadataCache({ maxBytes: 1000, maxAgeMs: 1000, now: () => now });
    const loader = counted(bytes(10));
    await cache.get('s', '1', loader.load);
    now = 999;
    await cache.get('s', '1', loader.load);
    expect(loader.calls).toBe(1);
    now = 1000;
    await cache.get('s', '1', loader.load);
    expect(loader.calls).toBe(2);
    cache.forget('s');
    expect(cache.size).toBe(0);
    await cache.get('s', '1', loader.load);
    expect(loader.calls).toBe(3);
  });

  it('makes one call to Orthanc for requests that arrive together', async () => {
    const cache = new MetadataCache({ maxBytes: 1000, maxAgeMs: 60_000 });
    let release: (body: Buffer) => void = () => undefined;
    let calls = 0;
    const load = () => {
      calls++;
      return new Promise<Buffer>((resolve) => (release = resolve));
    };
    const waiting = Array.from({ length: 20 }, () => cache.get('s', '1', load));
    release(bytes(10));
    const entries = await Promise.all(waiting);
    expect(calls).toBe(1);
    expect(new Set(entries).size).toBe(1);
  });

  it('does not remember a failed read', async () => {
    const cache = new MetadataCache({ maxBytes: 1000, maxAgeMs: 60_000 });
    let fail = true;
    const load = async () => {
      if (fail) throw new Error('Orthanc away');
      return bytes(10);
    };
    const both = await Promise.allSettled([cache.get('s', '1', load), cache.get('s', '1', load)]);
    expect(both.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect((await cache.get('s', '1', load)).body.length).toBe(10);
  });
});

describe('series metadata answers', () => {
  it('point the URLs Orthanc wrote for the placeholder host at the proxy', () => {
    const body = Buffer.from(
      '[{"7FE00010":{"vr":"OB","BulkDataURI":"http://series-metadata.invalid/dicom-web/studies/1/series/2/instances/3/bulk/7fe00010"}}]',
    );
    expect(withProxyUrls(body, 'https://pacs.example:8443').toString()).toBe(
      '[{"7FE00010":{"vr":"OB","BulkDataURI":"https://pacs.example:8443/viewer/api/dicom-web/studies/1/series/2/instances/3/bulk/7fe00010"}}]',
    );
    const plain = Buffer.from('[{"00080060":{"vr":"CS","Value":["CT"]}}]');
    expect(withProxyUrls(plain, 'http://a')).toBe(plain);
  });

  it('have one validator per answer and origin', async () => {
    const cache = new MetadataCache({ maxBytes: 1000, maxAgeMs: 60_000 });
    const a = await cache.get('s', '1', async () => bytes(10, 'a'));
    const b = await cache.get('s', '2', async () => bytes(10, 'b'));
    expect(etagFor(a, 'http://x')).not.toBe(etagFor(b, 'http://x'));
    expect(etagFor(a, 'http://x')).not.toBe(etagFor(a, 'http://y'));
    expect(etagFor(a, 'http://x')).toMatch(/^"[^"]+"$/);
  });

  it('are taken for DICOM JSON without a query only', () => {
    expect(takesCachedMetadata(undefined, '')).toBe(true);
    expect(takesCachedMetadata('application/dicom+json', '')).toBe(true);
    expect(takesCachedMetadata('application/json, text/plain, */*', '')).toBe(true);
    expect(takesCachedMetadata('application/dicom+xml', '')).toBe(false);
    expect(takesCachedMetadata('multipart/related; type="application/dicom+xml"', '')).toBe(false);
    expect(takesCachedMetadata('application/dicom+json', '?includefield=00100010')).toBe(false);
  });
});
