import { describe, expect, it } from 'vitest';
import { EXPLICIT_LITTLE_ENDIAN, frameAnswerSyntax, frameEnvelope } from './frames.ts';

describe('frameAnswerSyntax', () => {
  it('lets native bytes answer any syntax, the default one, or no Accept at all', () => {
    expect(frameAnswerSyntax('multipart/related; type="application/octet-stream"; transfer-syntax=*')).toBe('*');
    expect(frameAnswerSyntax('multipart/related; type=application/octet-stream; transfer-syntax=*')).toBe('*');
    // Orthanc's own form, with the syntax inside the quoted type.
    expect(frameAnswerSyntax('multipart/related; type="application/octet-stream; transfer-syntax=*"')).toBe('*');
    expect(frameAnswerSyntax('multipart/related; type="application/octet-stream"')).toBe(EXPLICIT_LITTLE_ENDIAN);
    expect(frameAnswerSyntax(`multipart/related; type="application/octet-stream"; transfer-syntax=${EXPLICIT_LITTLE_ENDIAN}`)).toBe(
      EXPLICIT_LITTLE_ENDIAN,
    );
    expect(frameAnswerSyntax(undefined)).toBe(EXPLICIT_LITTLE_ENDIAN);
    expect(frameAnswerSyntax('*/*')).toBe(EXPLICIT_LITTLE_ENDIAN);
  });

  it('leaves compressed syntaxes, images and lists of choices to the DICOMweb plugin', () => {
    expect(frameAnswerSyntax('multipart/related; type="image/jls"; transfer-syntax=1.2.840.10008.1.2.4.80')).toBeNull();
    expect(frameAnswerSyntax('multipart/related; type="application/octet-stream"; transfer-syntax=1.2.840.10008.1.2.2')).toBeNull();
    expect(frameAnswerSyntax('image/jpeg')).toBeNull();
    expect(frameAnswerSyntax('multipart/related; type="image/jpeg", multipart/related; type="application/octet-stream"')).toBeNull();
  });
});

describe('frameEnvelope', () => {
  it('wraps one part that declares its syntax, between matching boundaries', () => {
    const envelope = frameEnvelope(EXPLICIT_LITTLE_ENDIAN, 'http://host/frames/1');
    const boundary = /boundary=([^;]+)$/.exec(envelope.contentType)?.[1];
    expect(boundary).toBeTruthy();
    expect(envelope.contentType).toContain(`transfer-syntax=${EXPLICIT_LITTLE_ENDIAN}`);
    const head = envelope.head.toString('latin1');
    expect(head.startsWith(`--${boundary}\r\n`)).toBe(true);
    expect(head).toContain(`Content-Type: application/octet-stream; transfer-syntax=${EXPLICIT_LITTLE_ENDIAN}\r\n`);
    expect(head.endsWith('\r\n\r\n')).toBe(true);
    expect(envelope.tail.toString('latin1')).toBe(`\r\n--${boundary}--\r\n`);
  });
});
