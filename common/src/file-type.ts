/**
 * File types detected from content, not from names (spec 1 §5): png, jpeg, bmp, pdf, DICOM (128
 * bytes of preamble, then "DICM"), and zip archives of DICOM files for import.
 */
export type FileKind = 'dicom' | 'zip' | 'png' | 'jpeg' | 'bmp' | 'pdf' | 'unknown';

/** Bytes needed to tell every kind apart. */
export const FILE_TYPE_PROBE_BYTES = 132;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

export function detectFileKind(head: Uint8Array): FileKind {
  if (startsWith(head, [0x44, 0x49, 0x43, 0x4d], 128)) return 'dicom';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x42, 0x4d])) return 'bmp';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46])) return 'pdf';
  return 'unknown';
}

/** What the import tells a user about a file it could not store (spec 1 §5 messages). */
export const IMPORT_MESSAGES = {
  not_dicom: 'not a DICOM file',
  not_supported: 'file format not supported',
  not_found: 'file cannot be found',
  broken: 'The DICOM file is damaged and cannot be read.',
  too_large: 'The file is larger than the import limit.',
  /** The file would add to (or replace part of) an existing study the user may not see. */
  outside_scope: 'The file belongs to a study outside your access and was not imported.',
} as const;
