import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { JsonArrayItems, proxyFailure, readJsonBounded } from './proxy.ts';

/** Runs `input`, cut into `size`-byte chunks, through JsonArrayItems with `edit`. */
function run(input: string, edit: (item: unknown) => unknown, size = 3, max?: number): Promise<string> {
  const bytes = Buffer.from(input);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return text(Readable.from(chunks).pipe(new JsonArrayItems(edit, max)));
}

describe('JsonArrayItems', () => {
  const items = [
    { '00100010': { vr: 'PN', Value: [{ Alphabetic: 'A^B, "quoted" ]} [{' }] }, '00100020': { vr: 'LO', Value: ['ID,1'] } },
    { '00080080': { vr: 'LO', Value: ['Hospital \\ "x" {'] }, '00081110': { vr: 'SQ', Value: [{ '00100010': { vr: 'PN' } }] } },
    { '00100010': { vr: 'PN', Value: [{ Alphabetic: 'Ümlaut 山田' }] } },
  ];

  it('edits every item of an array cut anywhere, strings with brackets, escapes and UTF-8 included', async () => {
    const drop = (item: unknown) => {
      const copy = { ...(item as Record<string, unknown>) };
      delete copy['00100010'];
      return copy;
    };
    const expected = JSON.stringify(items.map(drop));
    for (const size of [1, 2, 3, 7, 64, 100_000]) {
      await expect(run(JSON.stringify(items), drop, size)).resolves.toBe(expected);
      await expect(run(JSON.stringify(items, null, 2), drop, size)).resolves.toBe(expected);
    }
  });

  it('answers an empty array for an empty array', async () => {
    await expect(run('[]', (item) => item)).resolves.toBe('[]');
    await expect(run(' [ \n ] ', (item) => item)).resolves.toBe('[]');
  });

  it('fails on what is not one JSON array, and on an item over the limit', async () => {
    await expect(run('{"a":1}', (item) => item)).rejects.toThrow();
    await expect(run('[{"a":1}', (item) => item)).rejects.toThrow();
    await expect(run('[{"a":1}] x', (item) => item)).rejects.toThrow();
    await expect(run(JSON.stringify([{ a: 'x'.repeat(100) }]), (item) => item, 10, 50)).rejects.toThrow(/over 50 bytes/);
  });
});

describe('readJsonBounded', () => {
  it('reads a JSON answer up to the limit and refuses a longer one with 400', async () => {
    await expect(readJsonBounded(new Response('[{"a":1}]'), 100)).resolves.toEqual([{ a: 1 }]);
    await expect(readJsonBounded(new Response(JSON.stringify(['x'.repeat(200)])), 100)).rejects.toMatchObject({ status: 400 });
  });
});

describe('proxyFailure', () => {
  it("answers 400 when Orthanc fails on a transfer syntax the client named, 500 for Orthanc's own failures", () => {
    const rle = 'multipart/related; type="application/dicom"; transfer-syntax=1.2.840.10008.1.2.5';
    expect(proxyFailure(500, rle)).toBe('bad_request');
    expect(proxyFailure(500, 'multipart/related; type="application/dicom"; transfer-syntax="1.2.840.10008.1.2.5"')).toBe('bad_request');
    expect(proxyFailure(500, 'multipart/related; type="application/dicom"; transfer-syntax=*')).toBe('internal');
    expect(proxyFailure(500, 'application/dicom+json')).toBe('internal');
    expect(proxyFailure(500, undefined)).toBe('internal');
    expect(proxyFailure(404, rle)).toBe('not_found');
    expect(proxyFailure(415, undefined)).toBe('bad_request');
  });
});
