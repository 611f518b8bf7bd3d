/**
 * The StudyInstanceUID of a file about to be imported, read from the start of the file with
 * bounded memory, before anything is stored (the import's access check needs it).
 *
 * Deflated datasets are inflated here from a bounded prefix of the compressed bytes: the raw
 * reader inflates whatever it is given, and a few kilobytes of deflate can stand for gigabytes.
 */
import { open } from 'node:fs/promises';
import { constants, inflateRawSync } from 'node:zlib';
import { readRawElements } from '../../dicom/raw.ts';

const STUDY_INSTANCE_UID = '0020000D';
const SERIES_INSTANCE_UID = '0020000E';
const MODALITY = '00080060';
/**
 * Series and modality are looked for in the first 64 KiB only, where they stand in any real file
 * (tags ascend: 0008,0060 < 0020,000D < 0020,000E, long before pixel data). The reader reads on
 * until it has found every tag asked for, and a hostile file can hold millions of empty elements
 * past the study UID. Where they are not found, the access check treats the series as unknown
 * and the modality as none (fail closed for roles limited by modality).
 */
const SERIES_WINDOW = 64 * 1024;
const DEFLATED = '1.2.840.10008.1.2.1.99';
/** How much of a file is read: first a little, then at most this (no real file needs more). */
const PROBES = [1024 ** 2, 64 * 1024 ** 2];
/** Compressed bytes inflated at most: deflate's ratio is at most about 1:1032, so ≤ 66 MiB out. */
const DEFLATED_PROBE = 64 * 1024;
/** VRs with a 4-byte length in explicit VR (PS3.5 Table 7.1-1). */
const LONG_VRS = new Set(['OB', 'OD', 'OF', 'OL', 'OV', 'OW', 'SQ', 'SV', 'UC', 'UN', 'UR', 'UT', 'UV']);

export async function readHead(path: string, bytes: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** Where the dataset starts after the File Meta group, and its transfer syntax ('' without one). */
function fileMeta(head: Buffer): { start: number; syntax: string } {
  // The raw reader also accepts 'DICM' at the very start (a file without preamble).
  const metaStart = head.toString('latin1', 128, 132) === 'DICM' ? 132 : head.toString('latin1', 0, 4) === 'DICM' ? 4 : undefined;
  if (metaStart === undefined) return { start: 0, syntax: '' };
  let at = metaStart;
  let syntax = '';
  while (at + 8 <= head.length && head.readUInt16LE(at) === 0x0002) {
    const element = head.readUInt16LE(at + 2);
    const vr = head.toString('latin1', at + 4, at + 6);
    const long = LONG_VRS.has(vr);
    if (long && at + 12 > head.length) break;
    const length = long ? head.readUInt32LE(at + 8) : head.readUInt16LE(at + 6);
    const value = at + (long ? 12 : 8);
    if (element === 0x0010) syntax = head.toString('latin1', value, Math.min(value + length, head.length)).replace(/[\0 ]+$/u, '');
    at = value + length;
  }
  return { start: at, syntax };
}

/** A UID as the file holds it, without padding; undefined when it is not a plausible UID. */
function uidOf(raw: Uint8Array | undefined): string | undefined {
  if (!raw) return undefined;
  const uid = Buffer.from(raw)
    .toString('latin1')
    .replace(/[\0 ]+$/u, '');
  // Printable, no backslash (a multi-valued UID is not a study's), at most 64 characters.
  return /^[\x21-\x5b\x5d-\x7e]{1,64}$/u.test(uid) ? uid : undefined;
}

/** What the import's access check reads of a file. */
export interface FileIdentity {
  study: string;
  /** '' when the file has none within what is read. */
  series: string;
  /** Upper-cased, '' when absent. */
  modality: string;
}

function identityOf(dataset: Buffer): FileIdentity | undefined {
  const study = uidOf(readRawElements(dataset, [STUDY_INSTANCE_UID]).get(STUDY_INSTANCE_UID));
  if (!study) return undefined;
  const elements = readRawElements(dataset.subarray(0, SERIES_WINDOW), [MODALITY, SERIES_INSTANCE_UID]);
  const modality = Buffer.from(elements.get(MODALITY) ?? new Uint8Array())
    .toString('latin1')
    .replace(/[\0 ]+$/u, '')
    .trim()
    .toUpperCase();
  return { study, series: uidOf(elements.get(SERIES_INSTANCE_UID)) ?? '', modality };
}

/**
 * The file's StudyInstanceUID, SeriesInstanceUID and Modality (Part 10 file or bare dataset), or
 * undefined when it has no StudyInstanceUID within what is read.
 */
export async function readFileIdentity(path: string, size: number): Promise<FileIdentity | undefined> {
  for (const probe of PROBES) {
    const head = await readHead(path, Math.min(size, probe));
    const meta = fileMeta(head);
    if (meta.syntax === DEFLATED) {
      let dataset: Buffer;
      try {
        // A cut deflate stream: inflate what there is instead of failing on its end.
        dataset = inflateRawSync(head.subarray(meta.start, meta.start + DEFLATED_PROBE), { finishFlush: constants.Z_SYNC_FLUSH });
      } catch {
        return undefined;
      }
      // Deflated datasets are explicit VR little endian; without File Meta the reader sees that.
      return identityOf(dataset);
    }
    const identity = identityOf(head);
    if (identity || size <= probe) return identity;
  }
  return undefined;
}
