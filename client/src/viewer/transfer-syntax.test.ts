import { describe, expect, it } from 'vitest';
import { describeTransferSyntax } from './transfer-syntax.ts';

describe('describeTransferSyntax', () => {
  it('names known syntaxes and keeps unknown UIDs as they are', () => {
    expect(describeTransferSyntax('1.2.840.10008.1.2.5')).toBe('RLE Lossless (1.2.840.10008.1.2.5)');
    expect(describeTransferSyntax('1.2.3')).toBe('1.2.3');
  });
});
