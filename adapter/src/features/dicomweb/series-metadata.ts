/**
 * A series' DICOMweb metadata through the adapter's cache (metadata-cache.ts). Orthanc is asked
 * with a placeholder host in its `Forwarded` header, so one answer serves every host the adapter
 * is reached by: the URLs inside are pointed at the proxy per request (`withProxyUrls`). The
 * caller's access is checked by the route before anything here runs.
 */
import { createHash } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/errors.ts';
import { readBounded } from '../../orthanc/proxy.ts';
import { MetadataCache, type MetadataEntry } from './metadata-cache.ts';
import * as sql from './dicomweb.sql.ts';

/** Enough for a few hundred large series (a 300-slice CT's metadata is about 0.6 MB). */
const CACHE_BYTES = 256 * 1024 * 1024;
/** A bound on what changes behind the study index (a deletion through Orthanc's own API). */
const CACHE_MAX_AGE_MS = 10 * 60_000;
const PLACEHOLDER = 'series-metadata.invalid';
const PLACEHOLDER_ROOT = Buffer.from(`http://${PLACEHOLDER}/dicom-web/`);

const caches = new WeakMap<Deps, MetadataCache>();

export function metadataCacheOf(deps: Deps): MetadataCache {
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = new MetadataCache({ maxBytes: CACHE_BYTES, maxAgeMs: CACHE_MAX_AGE_MS })));
  return cache;
}

/** Whether a request for series metadata takes the cached answer: DICOM JSON, no query. */
export function takesCachedMetadata(accept: string | undefined, query: string): boolean {
  if (query !== '') return false;
  return accept === undefined || accept === '' || /(?:^|[\s,])(?:\*\/\*|application\/(?:dicom\+)?json)(?:\s*[;,]|\s*$)/i.test(accept);
}

/** Orthanc's metadata of a series of the study row `studyId` (already checked visible), cached. */
export async function seriesMetadata(deps: Deps, studyId: number, studyUid: string, seriesUid: string): Promise<MetadataEntry> {
  const row = await sql.seriesVersion(deps.db, studyId, seriesUid);
  if (!row) throw new AppError('not_found');
  return metadataCacheOf(deps).get(row.id, row.version, async () => {
    const path = `/dicom-web/studies/${encodeURIComponent(studyUid)}/series/${encodeURIComponent(seriesUid)}/metadata`;
    const response = await deps.orthanc.request(path, {
      timeoutMs: 60_000,
      headers: { accept: 'application/dicom+json', forwarded: `host=${PLACEHOLDER};proto=http` },
    });
    if (!response.ok) {
      await response.arrayBuffer();
      throw new AppError(response.status === 400 ? 'bad_request' : 'not_found');
    }
    return readBounded(response);
  });
}

/** The answer with its URLs on the proxy at `origin` (`https://host:port`). */
export function withProxyUrls(body: Buffer, origin: string): Buffer {
  let at = body.indexOf(PLACEHOLDER_ROOT);
  if (at === -1) return body;
  const root = Buffer.from(`${origin}/viewer/api/dicom-web/`);
  const parts: Buffer[] = [];
  let start = 0;
  for (; at !== -1; at = body.indexOf(PLACEHOLDER_ROOT, start)) {
    parts.push(body.subarray(start, at), root);
    start = at + PLACEHOLDER_ROOT.length;
  }
  parts.push(body.subarray(start));
  return Buffer.concat(parts);
}

/** The validator of what one origin is sent for an entry (the URLs inside differ by origin). */
export function etagFor(entry: MetadataEntry, origin: string): string {
  return `${entry.etag.slice(0, -1)}.${createHash('sha1').update(origin).digest('base64url').slice(0, 8)}"`;
}
