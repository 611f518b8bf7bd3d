import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedCodings, pixelDataCoding, pixelDataEncoder } from './compression.ts';

describe('acceptedCodings', () => {
  it('prefers brotli when the browser takes both, and follows q-values when they differ', () => {
    expect(acceptedCodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedCodings('br;q=0.5, gzip;q=0.8')).toEqual(['gzip', 'br']);
    expect(acceptedCodings('gzip;q=1.0, br; q=0')).toEqual(['gzip']);
  });

  it('reads * as every coding not named, and nothing as identity only', () => {
    expect(acceptedCodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedCodings('*;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedCodings('identity')).toEqual([]);
    expect(acceptedCodings('')).toEqual([]);
    expect(acceptedCodings(undefined)).toEqual([]);
    expect(acceptedCodings(',,; q=x, br;q=abc')).toEqual([]);
  });
});

describe('pixelDataCoding', () => {
  const request = (headers: Record<string, string>) =>
    ({ get: (name: string) => headers[name.toLowerCase()] }) as unknown as Parameters<typeof pixelDataCoding>[0];

  it('compresses pixel data only when the client asks for less data on the wire and can decode it', () => {
    expect(pixelDataCoding(request({ 'save-data': 'on', 'accept-encoding': 'gzip, deflate, br' }))).toBe('br');
    expect(pixelDataCoding(request({ 'save-data': ' On ', 'accept-encoding': 'gzip' }))).toBe('gzip');
    expect(pixelDataCoding(request({ 'accept-encoding': 'gzip, deflate, br' }))).toBeNull();
    expect(pixelDataCoding(request({ 'save-data': 'off', 'accept-encoding': 'br' }))).toBeNull();
    expect(pixelDataCoding(request({ 'save-data': 'on', 'accept-encoding': 'identity' }))).toBeNull();
    expect(pixelDataCoding(request({ 'save-data': 'on' }))).toBeNull();
  });

  it('makes an encoder whose output decodes to the input', async () => {
    const input = Buffer.from(Array.from({ length: 200_000 }, (_, index) => (index * 7) % 251));
    for (const [coding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const encoder = pixelDataEncoder(coding);
      const chunks: Buffer[] = [];
      encoder.on('data', (chunk: Buffer) => chunks.push(chunk));
      await new Promise((resolve, reject) => encoder.on('end', resolve).on('error', reject).end(input));
      expect(decode(Buffer.concat(chunks)).equals(input)).toBe(true);
    }
  });
});
