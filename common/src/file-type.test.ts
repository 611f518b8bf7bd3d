import { describe, expect, it } from 'vitest';
import { detectFileKind } from './file-type.ts';

const withPreamble = (magic: string) => new Uint8Array([...new Uint8Array(128), ...Buffer.from(magic)]);

describe('detectFileKind', () => {
  it('recognises DICOM by the DICM marker after the preamble, not by the name', () => {
    expect(detectFileKind(withPreamble('DICM'))).toBe('dicom');
    expect(detectFileKind(withPreamble('DICX'))).toBe('unknown');
    expect(detectFileKind(new Uint8Array(40))).toBe('unknown');
  });

  it('recognises zip, png, jpeg, bmp and pdf by their signatures', () => {
    expect(detectFileKind(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0]))).toBe('zip');
    expect(detectFileKind(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(detectFileKind(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(detectFileKind(Buffer.from('BM\x00\x00'))).toBe('bmp');
    expect(detectFileKind(Buffer.from('%PDF-1.7'))).toBe('pdf');
    expect(detectFileKind(Buffer.from('hello world'))).toBe('unknown');
  });
});
