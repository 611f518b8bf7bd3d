import { describe, expect, it, vi } from 'vitest';
import { boundaryOf, MultipartReader, readMultipart } from './multipart.ts';

const encoder = new TextEncoder();

function bytes(length: number, seed: number): Uint8Array {
  // Includes CR, LF and dashes so a careless search would find false delimiters.
  return Uint8Array.from({ length }, (_, at) => [13, 10, 45, 45, (at * 31 + seed) & 0xff][at % 5]!);
}

function body(boundary: string, parts: Uint8Array[], sized: boolean): Uint8Array {
  const pieces: Uint8Array[] = [];
  for (const part of parts) {
    const length = sized ? `Content-Length: ${part.length}\r\n` : '';
    pieces.push(
      encoder.encode(`--${boundary}\r\nContent-Type: application/dicom\r\n${length}MIME-Version: 1.0\r\n\r\n`),
      part,
      encoder.encode('\r\n'),
    );
  }
  pieces.push(encoder.encode(`--${boundary}--\r\n`));
  const all = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    all.set(piece, at);
    at += piece.length;
  }
  return all;
}

function read(boundary: string, data: Uint8Array, chunk: number): Uint8Array[] {
  const parts: Uint8Array[] = [];
  const reader = new MultipartReader(boundary, (part) => parts.push(new Uint8Array(part)));
  for (let at = 0; at < data.length; at += chunk) reader.push(data.subarray(at, at + chunk));
  reader.finish();
  return parts;
}

describe('multipart reader', () => {
  const boundary = 'a177e554-3df7-4092-b975';
  const parts = [bytes(1000, 1), bytes(0, 2), bytes(70_000, 3), bytes(5, 4)];

  it.each([
    ['with Content-Length', true],
    ['without Content-Length', false],
  ])(
    'splits parts %s, whatever the chunk size',
    (_name, sized) => {
      const data = body(boundary, parts, sized);
      for (const chunk of [1, 7, 4096, 65_536, data.length]) expect(read(boundary, data, chunk)).toEqual(parts);
      // A byte at a time through 76 KB is slow on a loaded machine: a generous limit, not a timing claim.
    },
    60_000,
  );

  it('hands each part over as its own buffer, before the answer ends', () => {
    const data = body(boundary, parts, true);
    const seen: ArrayBuffer[] = [];
    const reader = new MultipartReader(boundary, (part) => seen.push(part));
    reader.push(data.subarray(0, data.length - 40));
    expect(seen.length).toBe(3);
    expect(seen[2]!.byteLength).toBe(70_000);
  });

  it('says so when the answer is cut off', () => {
    const data = body(boundary, parts, true);
    const reader = new MultipartReader(boundary, () => undefined);
    reader.push(data.subarray(0, data.length - 10));
    expect(() => reader.finish()).toThrow('ended early');
  });

  /** `data` as a stream of `chunk`-byte pieces: a byte stream (as a fetch body is) or a plain one. */
  function stream(data: Uint8Array, chunk: number, bytesStream: boolean): ReadableStream<Uint8Array> {
    let at = 0;
    const pull = (controller: ReadableStreamDefaultController<Uint8Array> | ReadableByteStreamController) => {
      if (at >= data.length) {
        controller.close();
        // A byte stream's pending read must still be answered, with nothing.
        if ('byobRequest' in controller) controller.byobRequest?.respond(0);
        return;
      }
      controller.enqueue(data.slice(at, at + chunk));
      at += chunk;
    };
    return bytesStream ? new ReadableStream({ type: 'bytes', pull }) : new ReadableStream<Uint8Array>({ pull });
  }

  it.each([
    ["a byte stream, read into each part's own buffer", true],
    ['a plain stream', false],
  ])(
    'reads a whole answer from %s',
    async (_name, bytesStream) => {
      const direct = vi.spyOn(MultipartReader.prototype, 'bodyFilled');
      for (const sized of [true, false]) {
        const data = body(boundary, parts, sized);
        for (const chunk of [7, 4096, 65_536, data.length]) {
          const seen: Uint8Array[] = [];
          await readMultipart(stream(data, chunk, bytesStream), boundary, (part) => seen.push(new Uint8Array(part)));
          expect(seen).toEqual(parts);
        }
      }
      // Sized parts of a byte stream are read into their own buffers.
      expect(direct.mock.calls.length > 0).toBe(bytesStream);
      direct.mockRestore();
    },
    60_000,
  );

  it('says so when a streamed answer is cut off', async () => {
    const data = body(boundary, parts, true);
    await expect(readMultipart(stream(data.subarray(0, data.length - 10), 4096, true), boundary, () => undefined)).rejects.toThrow(
      'ended early',
    );
  });

  it('reads the boundary of a Content-Type, quoted or not', () => {
    expect(boundaryOf('multipart/related; type="application/dicom"; boundary=abc-1')).toBe('abc-1');
    expect(boundaryOf('multipart/related; boundary="x y"; type="application/dicom"')).toBe('x y');
    expect(boundaryOf('application/dicom')).toBeNull();
    expect(boundaryOf(null)).toBeNull();
  });
});
