/**
 * The files of a drop: plain files as they are, and dropped folders walked through the File and
 * Directory Entries API so that their files carry their path inside the folder, as a chosen
 * folder's do.
 */
import { entryFor, type ImportEntry } from './upload-plan.ts';

function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  // readEntries answers in chunks (100 in Chromium) until it answers an empty list.
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    const next = () =>
      reader.readEntries((chunk) => {
        if (chunk.length === 0) resolve(all);
        else {
          all.push(...chunk);
          next();
        }
      }, reject);
    next();
  });
}

async function walk(entry: FileSystemEntry): Promise<ImportEntry[]> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    return [entryFor(file, entry.fullPath.replace(/^\/+/, ''))];
  }
  if (entry.isDirectory) {
    const children = await readAll((entry as FileSystemDirectoryEntry).createReader());
    return (await Promise.all(children.map(walk))).flat();
  }
  return [];
}

export async function droppedEntries(data: DataTransfer): Promise<ImportEntry[]> {
  // Entries must be taken while the drop event runs; reading them may continue afterwards.
  const roots = [...data.items].filter((item) => item.kind === 'file').map((item) => item.webkitGetAsEntry?.() ?? null);
  if (roots.length > 0 && roots.every((root) => root !== null)) {
    return (await Promise.all(roots.map((root) => walk(root as FileSystemEntry)))).flat();
  }
  return [...data.files].map((file) => entryFor(file));
}
