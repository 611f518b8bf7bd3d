import { describe, expect, it } from 'vitest';
import { formatFileList, parseFileList, selectStorageFiles, storagePath } from './storage-files.ts';

const a = '6e4d7eec-0d87-49ce-938a-a50eedda5759';
const b = '0a1b2c3d-0000-4000-8000-000000000001';
const c = 'ffeeddcc-1111-4111-8111-111111111111';

describe('incremental storage selection', () => {
  it('copies everything when there is no previous backup', () => {
    const plan = selectStorageFiles(
      [
        { uuid: a, size: 10 },
        { uuid: b, size: 20 },
      ],
      new Map(),
    );
    expect(plan.link).toEqual([]);
    expect(plan.copy.map((f) => f.uuid)).toEqual([a, b]);
  });

  it('links files the previous backup holds with the same size, copies new ones and ones whose size differs', () => {
    const previous = new Map([
      [a, 10],
      [b, 99],
      ['11111111-2222-4333-8444-555555555555', 5], // deleted since: neither linked nor copied
    ]);
    const plan = selectStorageFiles(
      [
        { uuid: a, size: 10 },
        { uuid: b, size: 20 },
        { uuid: c, size: 30 },
      ],
      previous,
    );
    expect(plan.link).toEqual([{ uuid: a, size: 10 }]);
    expect(plan.copy).toEqual([
      { uuid: b, size: 20 },
      { uuid: c, size: 30 },
    ]);
  });

  it('takes a file listed twice once', () => {
    const plan = selectStorageFiles(
      [
        { uuid: a, size: 10 },
        { uuid: a, size: 10 },
      ],
      new Map(),
    );
    expect(plan.copy).toHaveLength(1);
  });
});

describe('storage file names and lists', () => {
  it("lays files out as Orthanc's storage does", () => {
    expect(storagePath(a)).toBe(`6e/4d/${a}`);
  });

  it('refuses names that are not storage file names', () => {
    for (const bad of ['../../etc/passwd', '', 'ABCDEF00-0000-4000-8000-000000000000', `${a}/x`]) {
      expect(() => storagePath(bad)).toThrow(/not the name of an Orthanc storage file/);
    }
  });

  it('reads back what it writes, and names the line it cannot read', () => {
    const files = [
      { uuid: a, size: 10 },
      { uuid: b, size: 0 },
    ];
    expect(parseFileList(formatFileList(files))).toEqual(files);
    expect(() => parseFileList(`${a}\t10\n../x\t3\n`)).toThrow(/line 2/);
    expect(() => parseFileList(`${a}\t-1\n`)).toThrow(/line 1/);
  });
});
