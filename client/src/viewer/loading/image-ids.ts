/**
 * Cornerstone image ids for a series. The viewer loads whole Part 10 files through the adapter's
 * WADO-URI proxy (`wadouri:` scheme): Cornerstone parses the file and picks the decoder from its
 * own transfer syntax, so every syntax it can decode renders without asking Orthanc to
 * transcode. A multi-frame instance gives one image id per frame (`&frame=N`, 1-based); the
 * frames share one download because the loader caches the data set by URL.
 */
import { API_BASE } from '@pacs/common';

export interface InstanceRef {
  StudyInstanceUID: string;
  SeriesInstanceUID: string;
  SOPInstanceUID: string;
  NumberOfFrames?: number | null;
}

/** The adapter's WADO-URI URL for one instance's whole Part 10 file. */
export function wadoUri(instance: InstanceRef): string {
  const params = new URLSearchParams({
    requestType: 'WADO',
    studyUID: instance.StudyInstanceUID,
    seriesUID: instance.SeriesInstanceUID,
    objectUID: instance.SOPInstanceUID,
    contentType: 'application/dicom',
  });
  return `${API_BASE}/wado?${params.toString()}`;
}

/** The adapter's WADO-RS URL for a whole series (its files, fetched by the fetch worker). */
export function seriesRetrieveUrl(studyUid: string, seriesUid: string): string {
  return `${API_BASE}/dicom-web/studies/${encodeURIComponent(studyUid)}/series/${encodeURIComponent(seriesUid)}`;
}

/**
 * The series downloads (one per series) that bring the files of `imageIds`: each file named by its
 * SOP Instance UID and WADO-URI URL, once (the frames of an instance share a file).
 */
export function seriesDownloads(imageIds: readonly string[]): { url: string; files: { sop: string; url: string }[] }[] {
  const bySeries = new Map<string, { url: string; files: { sop: string; url: string }[]; seen: Set<string> }>();
  for (const imageId of imageIds) {
    if (!imageId.startsWith('wadouri:')) continue;
    const ref = refOfImageId(imageId);
    if (!ref) continue;
    let download = bySeries.get(ref.SeriesInstanceUID);
    if (!download) {
      download = { url: seriesRetrieveUrl(ref.StudyInstanceUID, ref.SeriesInstanceUID), files: [], seen: new Set() };
      bySeries.set(ref.SeriesInstanceUID, download);
    }
    if (download.seen.has(ref.SOPInstanceUID)) continue;
    download.seen.add(ref.SOPInstanceUID);
    download.files.push({ sop: ref.SOPInstanceUID, url: wadoUri(ref) });
  }
  return [...bySeries.values()].map(({ url, files }) => ({ url, files }));
}

/** The image id of one instance; `frame` (1-based) only for multi-frame instances, 0 otherwise. */
export function imageIdOf(instance: InstanceRef, frame = 0): string {
  const base = `wadouri:${wadoUri(instance)}`;
  // The loader reads `frame=` as the last parameter of the id.
  return frame > 0 ? `${base}&frame=${frame}` : base;
}

/** Image ids in display order: instances as given, frames 1..N within each instance. */
export function imageIdsForInstances(instances: readonly InstanceRef[]): string[] {
  const ids: string[] = [];
  for (const instance of instances) {
    const frames = Math.max(1, Math.floor(instance.NumberOfFrames ?? 1));
    if (frames === 1) ids.push(imageIdOf(instance));
    else for (let frame = 1; frame <= frames; frame++) ids.push(imageIdOf(instance, frame));
  }
  return ids;
}

/** The study, series, instance and frame (0 for a single-frame instance) an image id names. */
export function refOfImageId(imageId: string): (InstanceRef & { frame: number }) | null {
  const params = new URLSearchParams(imageId.slice(imageId.indexOf('?') + 1));
  const [study, series, instance] = [params.get('studyUID'), params.get('seriesUID'), params.get('objectUID')];
  if (!study || !series || !instance) return null;
  return { StudyInstanceUID: study, SeriesInstanceUID: series, SOPInstanceUID: instance, frame: Number(params.get('frame') ?? 0) || 0 };
}

/** The SOP Instance UID an image id was built from (for thumbnails and overlays). */
export function sopInstanceUidOf(imageId: string): string | null {
  const query = imageId.slice(imageId.indexOf('?') + 1);
  return new URLSearchParams(query).get('objectUID');
}
