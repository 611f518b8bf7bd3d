/**
 * The viewer's files for a role the server refuses whole files to (403: the role hides fields
 * such as PatientName, which a stored file carries; docs/decisions.md "Hidden fields through
 * DICOMweb"). The file is rebuilt here from what the server does give such a role: the
 * instance's metadata (without the hidden attributes) and its frames, pixel data only
 * (part10-writer.ts). Everything after the download (Cornerstone's wadouri loader, the decode
 * worker, the header dialog) then reads it like a stored file.
 *
 * Costs one metadata request and one request per frame per instance, against one request per
 * series for whole files: the price of not sending the hidden fields. Free of Cornerstone
 * imports, like early-image.ts, which uses it too.
 */
import { API_BASE } from '@pacs/common';
import { boundaryOf, readMultipart } from './multipart.ts';
import {
  canWriteSyntax,
  EXPLICIT_LITTLE_ENDIAN,
  writePart10,
  type JsonDataSet,
  type JsonElement,
  type PixelFrames,
} from './part10-writer.ts';

let refused = false;

/** Whether the server refused this session a whole file (then every file is built here). */
export function wholeFilesRefused(): boolean {
  return refused;
}

/** Records an answer to a whole-file request: a 403 switches the session to built files. */
export function noteWholeFileStatus(status: number): void {
  if (status === 403) refused = true;
}

/** An error that says the server refused a whole file (the fetch worker reports `HTTP 403`). */
export function isRefusal(error: unknown): boolean {
  return error instanceof Error && /\bHTTP 403\b/.test(error.message);
}

interface Ref {
  study: string;
  series: string;
  instance: string;
}

/** The instance a WADO-URI URL (image-ids.ts `wadoUri`) names. */
function refOfUrl(url: string): Ref | null {
  const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
  const [study, series, instance] = [params.get('studyUID'), params.get('seriesUID'), params.get('objectUID')];
  return study && series && instance ? { study, series, instance } : null;
}

const frameAccept = (syntax: string) => `multipart/related; type="application/octet-stream"; transfer-syntax=${syntax}`;

/** The one part of a multipart answer, and the transfer syntax the answer declares. */
async function onePart(response: Response): Promise<{ bytes: Uint8Array; syntax: string }> {
  const type = response.headers.get('content-type');
  const boundary = boundaryOf(type);
  if (!response.ok || !response.body || !boundary) throw new Error(`HTTP ${response.status}`);
  const parts: ArrayBuffer[] = [];
  await readMultipart(response.body, boundary, (part) => parts.push(part));
  if (!parts[0]) throw new Error('empty multipart answer');
  return { bytes: new Uint8Array(parts[0]), syntax: /transfer-syntax=([0-9.]+)/.exec(type ?? '')?.[1] ?? '' };
}

async function frame(base: string, number: number): Promise<{ bytes: Uint8Array; syntax: string }> {
  const url = `${base}/frames/${number}`;
  const stored = await onePart(await fetch(url, { credentials: 'same-origin', headers: { accept: frameAccept('*') } }));
  if (canWriteSyntax(stored.syntax)) return stored;
  // Big endian or deflated as stored: asked for again as explicit VR little endian.
  return onePart(await fetch(url, { credentials: 'same-origin', headers: { accept: frameAccept(EXPLICIT_LITTLE_ENDIAN) } }));
}

/** Fetches the bytes of standard attributes given by BulkDataURI (LUTs, overlays, waveforms). */
async function fetchBulk(dataSet: JsonDataSet): Promise<void> {
  const pending: Promise<void>[] = [];
  const visit = (set: JsonDataSet, top: boolean) => {
    for (const [tag, element] of Object.entries(set)) {
      if (!element) continue;
      if (element.vr === 'SQ')
        for (const item of element.Value ?? []) if (item && typeof item === 'object') visit(item as JsonDataSet, false);
      // Pixel data comes as frames; private attributes are left out rather than fetched one by one.
      const isPixels = top && tag.toUpperCase() === '7FE00010';
      const isPrivate = parseInt(tag.slice(0, 4), 16) % 2 === 1;
      if (element.BulkDataURI && !isPixels && !isPrivate) pending.push(bulk(element));
    }
  };
  visit(dataSet, true);
  await Promise.all(pending);
}

async function bulk(element: JsonElement): Promise<void> {
  try {
    const response = await fetch(element.BulkDataURI!, {
      credentials: 'same-origin',
      headers: { accept: 'multipart/related; type="application/octet-stream"' },
    });
    element.Bytes = (await onePart(response)).bytes;
  } catch {
    // Left out of the file: an image shows without its overlay rather than not at all.
  }
}

/**
 * The Part 10 file of the instance a WADO-URI URL names, built from its metadata and frames.
 * Rejects with `HTTP <status>` like a download when the server refuses.
 */
export async function fileFromDicomweb(url: string): Promise<ArrayBuffer> {
  const ref = refOfUrl(url);
  if (!ref) throw new Error('HTTP 404');
  const base = `${API_BASE}/dicom-web/studies/${encodeURIComponent(ref.study)}/series/${encodeURIComponent(ref.series)}/instances/${encodeURIComponent(ref.instance)}`;
  const response = await fetch(`${base}/metadata`, { credentials: 'same-origin', headers: { accept: 'application/dicom+json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const [dataSet] = (await response.json()) as JsonDataSet[];
  if (!dataSet) throw new Error('HTTP 404');
  let pixels: PixelFrames | null = null;
  // Orthanc leaves encapsulated pixel data out of the metadata: an image is known by its size.
  if (dataSet['7FE00010'] || (dataSet['00280010'] && dataSet['00280011'])) {
    const count = Math.max(1, Math.floor(Number(dataSet['00280008']?.Value?.[0] ?? 1)) || 1);
    const frames = await Promise.all(Array.from({ length: count }, (_, at) => frame(base, at + 1)));
    pixels = { syntax: frames[0]?.syntax ?? EXPLICIT_LITTLE_ENDIAN, frames: frames.map((one) => one.bytes) };
  }
  await fetchBulk(dataSet);
  return writePart10(dataSet, pixels);
}

/**
 * A whole file at a WADO-URI URL: downloaded, or built from metadata and frames once the server
 * refused this session a whole file.
 */
export async function fetchWholeFile(url: string, init: RequestInit = {}): Promise<ArrayBuffer> {
  if (refused) return fileFromDicomweb(url);
  const response = await fetch(url, { credentials: 'same-origin', ...init });
  noteWholeFileStatus(response.status);
  if (response.status === 403) return fileFromDicomweb(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
}
