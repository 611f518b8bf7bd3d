/**
 * How a chosen set of files travels: in batches small enough that one request never holds a
 * huge body, and large enough that a folder of thousands of slices is not thousands of requests.
 * Progress is counted in file bytes (the multipart framing is left out), so "12 of 40 files" and
 * the bar agree.
 */

/** One file to import and the name the server sees: its path inside a chosen folder, or its name. */
export interface ImportEntry {
  file: File;
  name: string;
}

export interface BatchLimits {
  maxFiles: number;
  maxBytes: number;
}

export const DEFAULT_BATCH_LIMITS: BatchLimits = { maxFiles: 50, maxBytes: 200 * 1024 ** 2 };

export function entryFor(file: File, relativePath?: string): ImportEntry {
  const name = relativePath || file.webkitRelativePath || file.name;
  return { file, name };
}

/**
 * Splits the entries, in order, into batches of at most `maxFiles` files and `maxBytes` bytes.
 * A file larger than `maxBytes` travels alone.
 */
export function planBatches<T extends { file: { size: number } }>(
  entries: readonly T[],
  limits: BatchLimits = DEFAULT_BATCH_LIMITS,
): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const entry of entries) {
    const size = entry.file.size;
    if (current.length > 0 && (current.length >= limits.maxFiles || bytes + size > limits.maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(entry);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export function totalBytes(entries: readonly { file: { size: number } }[]): number {
  return entries.reduce((sum, entry) => sum + entry.file.size, 0);
}

export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
  /** Files wholly sent, counted in order. */
  sentFiles: number;
  totalFiles: number;
  /** 0–100. */
  percent: number;
}

/**
 * Progress over all batches: the bytes of the batches already answered, plus the current
 * batch's share of its request (`loaded` of `total` as XMLHttpRequest reports them, framing
 * included, so the share is scaled to the batch's file bytes).
 */
export function uploadProgress(
  batches: readonly (readonly { file: { size: number } }[])[],
  finishedBatches: number,
  current: { loaded: number; total: number } | null,
): UploadProgress {
  const sizes = batches.map((batch) => batch.map((entry) => entry.file.size));
  const all = sizes.flat();
  const total = sum(all);
  const before = sizes.slice(0, finishedBatches).flat();
  let sent = sum(before);
  let sentFiles = before.length;
  const running = sizes[finishedBatches];
  if (running) {
    const share = current && current.total > 0 ? Math.min(1, Math.max(0, current.loaded / current.total)) : 0;
    const inBatch = share * sum(running);
    sent += inBatch;
    // Within the running batch a file counts once its last byte is out.
    let end = 0;
    for (const size of running) {
      end += size;
      if (share === 0 || end > inBatch) break;
      sentFiles += 1;
    }
  }
  const percent = running ? (total === 0 ? 0 : (sent / total) * 100) : 100;
  return { sentBytes: sent, totalBytes: total, sentFiles, totalFiles: all.length, percent };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
