/** Messages between the main thread (file-fetcher.ts) and the fetch worker (fetch-worker.ts). */
import type { DecodedFrame } from './plain-grayscale.ts';

export interface FetchRequest {
  id: number;
  kind: 'file' | 'series';
  url: string;
  /**
   * Series only: have the decode worker (decode-worker.ts) decode the pixels of plain grayscale
   * files (plain-grayscale.ts) on the way, for a viewer that can (`allowFloat`) or cannot render
   * float textures. Needs a `DecoderPort` first.
   */
  decode?: { allowFloat: boolean };
}

/** The fetch worker's way to the decode worker: what it posts there arrives at the main thread decoded. */
export interface DecoderPort {
  kind: 'decoder';
  port: MessagePort;
}

/** What the fetch worker posts to the decode worker: an answer, and whether to decode its file. */
export type DecodeRequest = FetchAnswer & { allowFloat?: boolean };

export interface FetchAnswer {
  id: number;
  /** The file (kind 'file'), or one file of the series (kind 'series', with `sop`). */
  buffer?: ArrayBuffer;
  sop?: string;
  /** The file's pixels, when asked for and the file is a plain grayscale one. */
  decoded?: DecodedFrame;
  /** A series answer ended; its files were all posted. */
  done?: boolean;
  error?: string;
}

/** Whole instances as stored (no transcoding), one multipart part each. */
export const SERIES_ACCEPT = 'multipart/related; type="application/dicom"; transfer-syntax=*';
