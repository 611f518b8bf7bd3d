/** Messages between the main thread (file-fetcher.ts) and the fetch worker (fetch-worker.ts). */

export interface FetchRequest {
  id: number;
  kind: 'file' | 'series';
  url: string;
}

export interface FetchAnswer {
  id: number;
  /** The file (kind 'file'), or one file of the series (kind 'series', with `sop`). */
  buffer?: ArrayBuffer;
  sop?: string;
  /** A series answer ended; its files were all posted. */
  done?: boolean;
  error?: string;
}

/** Whole instances as stored (no transcoding), one multipart part each. */
export const SERIES_ACCEPT = 'multipart/related; type="application/dicom"; transfer-syntax=*';
