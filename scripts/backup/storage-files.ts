/**
 * The storage part of a backup: which of Orthanc's files a backup holds, and which of them it can
 * take from the previous backup instead of copying. Orthanc names every file it writes by a new
 * UUID and never rewrites one (a resent instance gets a new file, the old one is deleted), so a file
 * of the same name and size in the previous backup is the same file: it is hard-linked, not copied.
 */
import { join } from 'node:path';

export interface StorageFile {
  uuid: string;
  size: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A file's place under a storage folder, as Orthanc's file storage lays it out (`6e/4d/6e4d7eec-…`).
 * Anything but a lower-case UUID is refused: names come from an index or a list a person could edit.
 */
export function storagePath(uuid: string): string {
  if (!UUID.test(uuid)) throw new Error(`"${uuid}" is not the name of an Orthanc storage file`);
  return join(uuid.slice(0, 2), uuid.slice(2, 4), uuid);
}

/**
 * Splits the files a backup must hold into those the previous backup already has (same name, same
 * size: link them) and those to copy from Orthanc's storage. A name listed twice is taken once.
 */
export function selectStorageFiles(
  wanted: readonly StorageFile[],
  previous: ReadonlyMap<string, number>,
): { link: StorageFile[]; copy: StorageFile[] } {
  const link: StorageFile[] = [];
  const copy: StorageFile[] = [];
  const seen = new Set<string>();
  for (const file of wanted) {
    if (seen.has(file.uuid)) continue;
    seen.add(file.uuid);
    (previous.get(file.uuid) === file.size ? link : copy).push(file);
  }
  return { link, copy };
}

/** The list a backup keeps of the files it holds (`storage.tsv`): one `uuid<TAB>size` a line. */
export function formatFileList(files: readonly StorageFile[]): string {
  return files.map((file) => `${file.uuid}\t${file.size}\n`).join('');
}

/** Reads a `storage.tsv`; a line that is not a storage file name and a size is an error naming the line. */
export function parseFileList(text: string): StorageFile[] {
  const files: StorageFile[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line === '') continue;
    const [uuid = '', size = '', ...rest] = line.split('\t');
    if (!UUID.test(uuid) || !/^\d{1,15}$/.test(size) || rest.length > 0) {
      throw new Error(`line ${index + 1} is not "<file name><TAB><size>": ${JSON.stringify(line.slice(0, 80))}`);
    }
    files.push({ uuid, size: Number(size) });
  }
  return files;
}
