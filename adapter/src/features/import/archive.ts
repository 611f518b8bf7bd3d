/**
 * Zip archives for import, unpacked by the adapter one entry at a time (never by Orthanc, which
 * would store every entry before the access check could see it). Entry sizes are checked against
 * what the central directory declares and what is actually inflated (yauzl refuses an entry that
 * inflates to more than it declared), so a zip bomb costs no more than the caps allow.
 */
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

export interface ZipEntry {
  /** The path inside the archive. */
  path: string;
  /** Declared (and enforced) unpacked size. */
  size: number;
  /** Encrypted or using a method other than stored/deflate: cannot be unpacked here. */
  unsupported: boolean;
  /** The unpacked bytes; an entry that turns out larger than declared errors its stream. */
  open: () => Promise<Readable>;
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: true, strictFileNames: false },
      (error, zip) => (error ? reject(error) : resolve(zip)),
    ),
  );
}

/**
 * Calls `onEntry` for each file entry in order (folders are skipped). Rejects when the archive
 * cannot be read as a zip; what `onEntry` throws stops the walk.
 */
export async function forEachZipEntry(path: string, onEntry: (entry: ZipEntry) => Promise<void>): Promise<void> {
  const zip = await openZip(path);
  // yauzl reports a damaged central directory as an 'error' event: always listened to.
  let broken: Error | undefined;
  let wake: (() => void) | undefined;
  zip.on('error', (error: Error) => {
    broken = error;
    wake?.();
  });
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
        const onZipEntry = (next: yauzl.Entry) => finish(() => resolve(next));
        const onEnd = () => finish(() => resolve(undefined));
        const finish = (then: () => void) => {
          zip.off('entry', onZipEntry);
          zip.off('end', onEnd);
          wake = undefined;
          then();
        };
        wake = () => finish(() => reject(broken));
        zip.on('entry', onZipEntry);
        zip.on('end', onEnd);
        if (broken) wake();
        else zip.readEntry();
      });
      if (!entry) return;
      if (entry.fileName.endsWith('/')) continue;
      await onEntry({
        path: entry.fileName,
        size: entry.uncompressedSize,
        unsupported: entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8),
        open: () => zip.openReadStreamPromise(entry),
      });
    }
  } finally {
    zip.close();
  }
}
