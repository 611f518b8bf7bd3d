import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mediaStorageSopInstanceUid } from './part10.ts';

function file(path: string): ArrayBuffer {
  const bytes = readFileSync(path);
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
}

describe('mediaStorageSopInstanceUid', () => {
  it("reads the SOP Instance UID from pydicom's CT_small", () => {
    // As `dcmdump +P 0002,0003 CT_small.dcm` shows it.
    expect(mediaStorageSopInstanceUid(file('/usr/lib/python3/dist-packages/pydicom/data/test_files/CT_small.dcm'))).toBe(
      '1.3.6.1.4.1.5962.1.1.1.1.1.20040119072730.12322',
    );
  });

  it('answers null for bytes that are not a Part 10 file', () => {
    expect(mediaStorageSopInstanceUid(new Uint8Array(200).buffer)).toBeNull();
    expect(mediaStorageSopInstanceUid(new Uint8Array(10).buffer)).toBeNull();
  });
});
