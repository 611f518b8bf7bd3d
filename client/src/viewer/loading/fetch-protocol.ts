/** Messages between the main thread (file-fetcher.ts) and the fetch worker (fetch-worker.ts). */
import type { DecodedFrame } from './plain-grayscale.ts';

export interface FetchRequest {
  id: number;
  kind: 'file' | 'series';
  url: string;
  /**
   * Series only: have the decode worker (decode-worker.ts) decode the pixels of plain grayscale
   * files (plain-grayscale.ts) on the way. Needs a `DecoderPort` first.
   */
  decode?: SeriesDecoding;
}

/**
 * How a series' files are decoded on the way: for a viewer that can (`allowFloat`) or cannot render
 * float textures (not known before Cornerstone runs: then only files whose rescale gives the same
 * pixels either way are decoded at once, the others at the release); `hold`: kept in the decode
 * worker until the main thread's `DecodeRelease`, so a series asked for before the viewer's first
 * image costs the main thread nothing until then.
 */
export interface SeriesDecoding {
  allowFloat?: boolean;
  hold?: boolean;
}

/** The main thread to the decode worker: the first image shows; pass on what is held, and decode for this renderer. */
export interface DecodeRelease {
  kind: 'release';
  allowFloat?: boolean;
}

/** The fetch worker's way to the decode worker: what it posts there arrives at the main thread decoded. */
export interface DecoderPort {
  kind: 'decoder';
  port: MessagePort;
}

/** What the fetch worker posts to the decode worker: an answer, and how to decode its file (not at all without). */
export type DecodeRequest = FetchAnswer & { decode?: SeriesDecoding };

export interface FetchAnswer {
  id: number;
  /** The file (kind 'file'), or one file of the series (kind 'series', with `sop`). */
  buffer?: ArrayBuffer;
  sop?: string;
  /** The file's pixels, when asked for and the file is a plain grayscale one. */
  decoded?: DecodedFrame;
  /** Several answers in one message (the decode worker's release), each handled as if posted alone. */
  batch?: FetchAnswer[];
  /** A series answer ended; its files were all posted. */
  done?: boolean;
  error?: string;
}

/** Whole instances as stored (no transcoding), one multipart part each. */
export const SERIES_ACCEPT = 'multipart/related; type="application/dicom"; transfer-syntax=*';
