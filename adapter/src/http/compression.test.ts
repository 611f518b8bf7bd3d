import { describe, expect, it } from 'vitest';
import { acceptedCodings } from './compression.ts';

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
