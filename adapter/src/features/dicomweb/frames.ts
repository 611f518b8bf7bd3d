/**
 * The WADO-RS frame answer the proxy builds around Orthanc's raw frame bytes (PS3.18 §8.7.3.5):
 * one part of a multipart/related body, declaring the transfer syntax of the bytes it carries.
 */
import { randomUUID } from 'node:crypto';
import type { ProxyWrap } from '../../orthanc/proxy.ts';

export const EXPLICIT_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';

/**
 * Syntaxes whose pixel data is stored natively in little-endian order: Orthanc's raw frame is
 * then exactly the uncompressed frame (implicit and explicit VR share the pixel bytes).
 */
export const NATIVE_SYNTAXES: ReadonlySet<string> = new Set(['1.2.840.10008.1.2', EXPLICIT_LITTLE_ENDIAN]);

/** A media range's type and parameters; quoted values may hold `;` (Orthanc quotes `type`). */
function parseMediaRange(range: string): { type: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  const at = range.indexOf(';');
  const type = (at === -1 ? range : range.slice(0, at)).trim().toLowerCase();
  const pattern = /;\s*([^=;\s]+)\s*=\s*("([^"]*)"|[^;]*)/g;
  for (let match = pattern.exec(range); match; match = pattern.exec(range)) {
    const value = (match[3] ?? match[2] ?? '').trim();
    params.set(match[1]!.toLowerCase(), value);
  }
  // type="application/octet-stream; transfer-syntax=*" names the syntax inside the quotes.
  const inner = params.get('type');
  if (inner?.includes(';')) {
    const nested = parseMediaRange(inner);
    params.set('type', nested.type);
    for (const [key, value] of nested.params) if (!params.has(key)) params.set(key, value);
  }
  return { type, params };
}

/** The media ranges of an Accept header (commas inside quoted values do not split). */
export function parseAccept(accept: string | undefined): { type: string; params: Map<string, string> }[] {
  return (accept ?? '')
    .split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)
    .map((range) => range.trim())
    .filter(Boolean)
    .map(parseMediaRange);
}

/**
 * The transfer syntax a frames request lets native bytes be sent as: '*' (any, so the stored one
 * is declared), Explicit VR Little Endian (WADO-RS's default for frames), or null when the
 * request wants something else (a compressed syntax, an image, several choices).
 */
export function frameAnswerSyntax(accept: string | undefined): '*' | typeof EXPLICIT_LITTLE_ENDIAN | null {
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return EXPLICIT_LITTLE_ENDIAN;
  if (ranges.length > 1) return null;
  const { type, params } = ranges[0]!;
  if (type === '*/*') return EXPLICIT_LITTLE_ENDIAN;
  if (type !== 'multipart/related') return null;
  const partType = params.get('type') ?? 'application/octet-stream';
  if (partType.toLowerCase() !== 'application/octet-stream') return null;
  const syntax = params.get('transfer-syntax');
  if (syntax === '*') return '*';
  if (syntax === undefined || syntax === EXPLICIT_LITTLE_ENDIAN) return EXPLICIT_LITTLE_ENDIAN;
  return null;
}

/** The multipart envelope of one frame in `syntax`, found at `location`. */
export function frameEnvelope(syntax: string, location: string): ProxyWrap {
  const boundary = randomUUID();
  return {
    contentType: `multipart/related; type="application/octet-stream"; transfer-syntax=${syntax}; boundary=${boundary}`,
    head: Buffer.from(
      `--${boundary}\r\nContent-Location: ${location}\r\nContent-Type: application/octet-stream; transfer-syntax=${syntax}\r\nMIME-Version: 1.0\r\n\r\n`,
      'latin1',
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1'),
  };
}
