import { crc32 } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { imageSize } from './image-size.ts';

/** A real PNG of `width`×`height`, then its IHDR rewritten to declare other dimensions. */
function pngDeclaring(width: number, height: number): Buffer {
  const png = PNG.sync.write(new PNG({ width: 2, height: 2 }));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  // The chunk's CRC covers its type and data (bytes 12–28).
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** SOI, an APP0 segment, then a baseline SOF0 frame header declaring the size. */
function jpegDeclaring(width: number, height: number, sof = 0xc0): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const frame = [0xff, sof, 0x00, 0x0b, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0];
  return Buffer.from([0xff, 0xd8, ...app0, ...frame, 0xff, 0xd9]);
}

describe('imageSize', () => {
  it("reads a PNG's dimensions from IHDR, whatever the pixel data holds", () => {
    expect(imageSize(PNG.sync.write(new PNG({ width: 40, height: 30 })))).toEqual({ kind: 'png', width: 40, height: 30 });
    const huge = pngDeclaring(6000, 6000);
    expect(huge.length).toBeLessThan(200);
    expect(imageSize(huge)).toEqual({ kind: 'png', width: 6000, height: 6000 });
  });

  it("reads a JPEG's dimensions from its frame header, skipping the segments before it", () => {
    expect(imageSize(jpegDeclaring(640, 480))).toEqual({ kind: 'jpeg', width: 640, height: 480 });
    // Progressive (SOF2) as well; DHT (C4) is not a frame header.
    expect(imageSize(jpegDeclaring(65535, 65535, 0xc2))).toEqual({ kind: 'jpeg', width: 65535, height: 65535 });
    expect(imageSize(jpegDeclaring(10, 10, 0xc4))).toBeUndefined();
  });

  it('answers undefined for other content and for headers cut short', () => {
    expect(imageSize(Buffer.from('not an image at all'))).toBeUndefined();
    expect(imageSize(pngDeclaring(10, 10).subarray(0, 20))).toBeUndefined();
    expect(imageSize(jpegDeclaring(10, 10).subarray(0, 25))).toBeUndefined();
    expect(imageSize(Buffer.alloc(0))).toBeUndefined();
  });
});
